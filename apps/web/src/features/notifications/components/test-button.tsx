import { Button, Group, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import type { Channel } from '@pxl/contract/notifications/notifications.schemas';
import { useTestChannel } from '../api/test-channel.ts';

/** Sends a test message now and says, beside the button, whether the channel took it and what it answered. */
export function TestButton({ channel }: { channel: Channel }) {
  const test = useTestChannel(channel.uuid);
  const result = test.isPending ? null : test.data;
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      <Button
        size="xs"
        variant="light"
        leftSection={<IconSend size={14} />}
        loading={test.isPending}
        aria-label={`Test ${channel.name}`}
        onClick={() => test.mutate()}
      >
        Test
      </Button>
      {result && (
        <Text
          size="xs"
          role="status"
          c={result.delivered ? 'green.8' : 'red.8'}
          data-testid="test-result"
          data-delivered={result.delivered}
        >
          {result.delivered ? 'Delivered' : 'Not delivered'}: {result.detail}
        </Text>
      )}
    </Group>
  );
}
