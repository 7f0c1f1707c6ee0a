import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { Invoice } from '@pxl/contract/billing/index';
import { isApiError } from '@/lib/http/api-error.ts';
import { notifySuccess } from '@/lib/notifications/notification-store.ts';
import { useRefreshPaymentDetails } from '../api/change-invoice.ts';

/**
 * An invoice pays to the details it was made with; staff take the affiliate's current ones on purpose, after checking
 * the change with the affiliate (docs/product/billing.md).
 */
export function RefreshPaymentDetailsButton({ invoice }: { invoice: Invoice }) {
  const [opened, setOpened] = useState(false);
  const refresh = useRefreshPaymentDetails(invoice.uuid);
  const failure = refresh.error && (isApiError(refresh.error) ? Object.values(refresh.error.fields)[0] : undefined);
  const close = () => {
    setOpened(false);
    refresh.reset();
  };
  const confirm = () =>
    refresh.mutate(undefined, {
      onSuccess: () => {
        notifySuccess(`Payment details of ${invoice.number} taken from the affiliate's account`);
        close();
      },
    });
  return (
    <>
      <Button size="xs" variant="default" leftSection={<IconRefresh size={14} />} onClick={() => setOpened(true)}>
        Use current details
      </Button>
      <Modal opened={opened} onClose={close} title={`Payment details of ${invoice.number}`} centered>
        <Stack gap="sm">
          <Text size="sm">
            This invoice pays to the account details the affiliate had when it was made. Replace them with the details
            the affiliate&apos;s account holds now?
          </Text>
          <Text size="sm" fw={500}>
            Do this only once the affiliate has confirmed the change to you: a change made with a stolen session would
            otherwise redirect this payout.
          </Text>
          {failure && (
            <Text size="sm" c="red.7">
              {failure}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button onClick={confirm} loading={refresh.isPending}>
              Use current details
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
