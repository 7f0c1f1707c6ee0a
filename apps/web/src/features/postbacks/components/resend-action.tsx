import { useState } from 'react';
import { ActionIcon, Button, Group, Modal, Text, Tooltip } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import type { OutboundPostback } from '@pxl/contract/postbacks/postbacks.schemas';
import { notifySuccess } from '@/lib/notifications/notification-store.ts';
import { useResendPostback } from '../api/resend-postback.ts';
import { eventLabel } from './postback-labels.tsx';

/** "Send again": confirmed first, since the affiliate's tracker receives the postback once more. */
export function ResendAction({ postback }: { postback: OutboundPostback }) {
  const [open, setOpen] = useState(false);
  const resend = useResendPostback();
  const confirm = () =>
    resend.mutate(postback.uuid, {
      onSuccess: () => {
        notifySuccess('Postback sent again');
        setOpen(false);
      },
    });
  return (
    <>
      <Tooltip label="Send again" withArrow>
        <ActionIcon variant="subtle" color="gray" aria-label="Send again" onClick={() => setOpen(true)}>
          <IconSend size={16} />
        </ActionIcon>
      </Tooltip>
      <Modal opened={open} onClose={() => setOpen(false)} title="Send the postback again" centered>
        <Text size="sm">
          Send this {eventLabel(postback.event).toLowerCase()} postback to {postback.affiliate.email} again? Their
          tracker receives it once more.
        </Text>
        <Text size="xs" c="dimmed" mt="xs" style={{ wordBreak: 'break-all' }}>
          {postback.url}
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button loading={resend.isPending} onClick={confirm}>
            Send again
          </Button>
        </Group>
      </Modal>
    </>
  );
}
