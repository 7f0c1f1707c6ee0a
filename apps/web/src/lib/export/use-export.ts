import { useCallback, useRef, useState } from 'react';
import { notifyError } from '../notifications/notification-store.ts';
import { downloadFile } from './download-file.ts';
import { announceExportComplete } from './export-title.ts';
import { runExport, type ExportInput } from './run-export.ts';
import { useLeaveGuard } from './use-leave-guard.ts';

/**
 * CSV export of a whole list (docs/product/screens-and-lists.md, docs/product/api-and-errors.md): fetch every page, build the CSV of the active
 * columns, download it, report problems as notifications, guard leaving while it runs and
 * announce completion in the tab title.
 */
export function useExport<Row>(input: ExportInput<Row>) {
  const [running, setRunning] = useState(false);
  const latest = useRef(input);
  latest.current = input;
  useLeaveGuard(running);

  const run = useCallback(async () => {
    if (running) return;
    setRunning(true);
    try {
      const outcome = await runExport(latest.current);
      if (!outcome.ok) {
        notifyError(outcome.message);
        return;
      }
      downloadFile(outcome.file);
      if (outcome.message) notifyError(outcome.message);
      announceExportComplete();
    } finally {
      setRunning(false);
    }
  }, [running]);

  return { run, running };
}
