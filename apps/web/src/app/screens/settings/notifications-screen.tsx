import { useState } from 'react';
import { Button, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { ChannelForm } from '@/features/notifications/components/channel-form.tsx';
import { ChannelsList } from '@/features/notifications/components/channels-list.tsx';
import { OutboxLog } from '@/features/notifications/components/outbox-log.tsx';
import { useCurrentRole } from '@/lib/session/auth-store.ts';
import { useDisplayTimeZone } from './use-display-time-zone.ts';

const NOTE = {
  staff: 'Telegram, Slack, a signed webhook or e-mail for the network’s alerts and the rules’ notify actions.',
  own: 'Your own alerts, to your Telegram or e-mail.',
};

/**
 * /settings/notifications: the alert channels with a test button, and the outbox of what was sent (admin and head
 * the network's; a manager and an affiliate their own, docs/product/automation.md).
 */
export function NotificationsScreen() {
  const { timeZone } = useDisplayTimeZone();
  const role = useCurrentRole();
  const staff = role === 'admin' || role === 'head';
  const [creating, setCreating] = useState(false);
  return (
    <PageFrame
      actions={
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          New channel
        </Button>
      }
    >
      <Stack gap="lg">
        <Stack gap="sm">
          <Title order={3}>Channels</Title>
          <Text size="sm" c="dimmed">
            {staff ? NOTE.staff : NOTE.own}
          </Text>
          <ChannelsList timeZone={timeZone} showOwner={staff} />
        </Stack>
        <Stack gap="sm">
          <Title order={3}>Outbox</Title>
          <OutboxLog timeZone={timeZone} />
        </Stack>
      </Stack>
      {creating && <ChannelForm onClose={() => setCreating(false)} />}
    </PageFrame>
  );
}
