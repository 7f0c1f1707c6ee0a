import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { downloadFile } from '@/lib/export/download-file.ts';
import { notifyError, notifySuccess } from '@/lib/notifications/notification-store.ts';
import { getPayoutBatch } from '../api/payout-batch.ts';
import { payoutBatchFiles } from './payout-batch-files.ts';

/** Downloads the payout batch, one CSV per payment system, narrowed by the list's currency and payment system. */
export function PayoutBatchButton({ currency, paymentSystem }: { currency?: string; paymentSystem?: string }) {
  const [running, setRunning] = useState(false);
  const run = async () => {
    setRunning(true);
    try {
      const { list } = await getPayoutBatch({ currency, payment_system: paymentSystem });
      const files = payoutBatchFiles(list, new Date().toISOString().slice(0, 10));
      if (!files.length) return notifyError('Nothing to pay: no waiting or partly paid invoice has an open amount');
      files.forEach(downloadFile);
      notifySuccess(`Payout batch: ${files.length} file${files.length > 1 ? 's' : ''}`);
    } catch {
      // The request has already said what failed.
    } finally {
      setRunning(false);
    }
  };
  return (
    <Button variant="default" leftSection={<IconCash size={16} />} loading={running} onClick={() => void run()}>
      Payout batch
    </Button>
  );
}
