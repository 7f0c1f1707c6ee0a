import { Group, Paper, Stack, Text } from '@mantine/core';
import type { TicketMessage } from '@pxl/contract/tickets/tickets.schemas';
import { formatDate } from '@pxl/contract/format/date';
import { AttachmentLink } from './attachment-link.tsx';

/** The messages, oldest first; the partner's on the left, the staff's on the right in another tint. */
export function TicketThread({ messages, timeZone }: { messages: TicketMessage[]; timeZone: string }) {
  return (
    <Stack gap="sm" maw={900} data-testid="ticket-thread">
      {messages.map((m) => {
        const when = formatDate(m.created_at, timeZone);
        return (
          <Paper
            key={m.uuid}
            withBorder
            p="sm"
            radius="md"
            w="85%"
            ml={m.from_partner ? 0 : 'auto'}
            bg={m.from_partner ? undefined : 'var(--mantine-color-blue-light)'}
            data-testid="ticket-message"
          >
            <Group justify="space-between" gap="xs" mb={4}>
              <Text size="sm" fw={600}>
                {m.author?.name ?? 'Deleted user'}
                <Text span size="xs" c="dimmed" ml={6}>
                  {m.from_partner ? 'Partner' : 'Staff'}
                </Text>
              </Text>
              <Text size="xs" c="dimmed">
                {when.date} {when.time}
              </Text>
            </Group>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {m.body}
            </Text>
            {m.attachments.length > 0 && (
              <Group gap="md" mt="xs">
                {m.attachments.map((f) => (
                  <AttachmentLink key={f.uuid} file={f} />
                ))}
              </Group>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}
