import { useState } from 'react';
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
  useLeaveGuard(running);

  // Built on each render, so a click exports with the columns and filters shown at that moment.
  const run = async () => {
    if (running) return;
    setRunning(true);
    try {
      const outcome = await runExport(input);
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
  };

  return { run, running };
}
