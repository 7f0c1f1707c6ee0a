import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { importPath } from '@/features/reconciliation/components/import-labels.ts';
import { ImportsList } from '@/features/reconciliation/components/imports-list.tsx';
import { UploadReportForm } from '@/features/reconciliation/components/upload-report-form.tsx';
import { usePublicSettings } from '@/features/settings/api/get-public-settings.ts';
import { todayIn } from '@/lib/format/dates.ts';
import { useDisplayTimeZone } from '../settings/use-display-time-zone.ts';

/**
 * /billing/reconciliation: the imports of advertisers' reports, the chosen advertiser's discrepancy, and the upload
 * (admin, head; a manager for the advertisers they manage, scoped by the server).
 */
export function ReconciliationScreen() {
  const [uploading, setUploading] = useState(false);
  const navigate = useNavigate();
  const { timeZone, networkTimeZone } = useDisplayTimeZone();
  // The default period is last month in the network's zone, the one the period's days are read in.
  const zoneKnown = !usePublicSettings().isPending;
  const networkZone = networkTimeZone ?? 'UTC';
  return (
    <PageFrame
      actions={
        !uploading && (
          <Button leftSection={<IconUpload size={16} />} onClick={() => setUploading(true)}>
            Upload report
          </Button>
        )
      }
    >
      {uploading && zoneKnown && (
        <UploadReportForm
          today={todayIn(networkZone)}
          timeZone={networkZone}
          onDone={(uuid) => navigate(importPath(uuid))}
          onCancel={() => setUploading(false)}
        />
      )}
      <ImportsList timeZone={timeZone} />
    </PageFrame>
  );
}
