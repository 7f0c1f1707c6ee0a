import { useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import type { SessionLogRow } from '@pxl/contract/statistic/statistic.schemas';
import { notifyError, notifySuccess } from '@/lib/notifications/notification-store.ts';
import { useReleaseFraudLead } from './api/release-fraud-lead.ts';
import { LEAD_STATUS_LABELS } from './labels.tsx';

/**
 * "Release": a lead refused for traffic quality goes down the offer's waterfall now (docs/product/fraud.md). Confirmed
 * first, since buyers receive it. Shown only on a lead failed with reason fraud.
 */
export function FraudReleaseButton({ session }: { session: Pick<SessionLogRow, 'uuid' | 'status' | 'reason'> }) {
  const [open, setOpen] = useState(false);
  const release = useReleaseFraudLead();
  if (session.status !== 'failed' || session.reason !== 'fraud') return null;
  const confirm = () =>
    release.mutate(session.uuid, {
      onSuccess: (r) => {
        // The offer's lead cap is full: the lead stays failed, sent to no buyer.
        if (r.reason === 'cap_reached')
          notifyError(`Lead not released: ${r.reason_detail ?? "the offer's cap is reached"}`);
        else notifySuccess(`Lead released: ${LEAD_STATUS_LABELS[r.status]}`);
        setOpen(false);
      },
    });
  return (
    <>
      <Group>
        <Button size="xs" variant="light" color="orange" onClick={() => setOpen(true)} data-testid="fraud-release">
          Release to buyers
        </Button>
      </Group>
      <Modal opened={open} onClose={() => setOpen(false)} title="Release the lead" centered>
        <Text size="sm">
          This lead was refused for traffic quality. Send it to the offer&apos;s buyers now? The release is recorded in
          the log with your name.
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button loading={release.isPending} onClick={confirm}>
            Release
          </Button>
        </Group>
      </Modal>
    </>
  );
}
