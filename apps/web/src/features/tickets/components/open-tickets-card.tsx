import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { TicketRow } from '@pxl/contract/tickets/tickets.schemas';
import { statusLabel } from '@/lib/labels.ts';
import { useTicketList } from '../api/tickets.ts';
import { STATUS_COLORS, ticketPath } from './ticket-labels.ts';

const SHOWN = 5;
const HOUR = 3600_000;

/** "3 h", "2 d": how long a ticket has waited since its last message. */
const waited = (iso: string, now: number) => {
  const hours = Math.max(0, Math.floor((now - Date.parse(iso)) / HOUR));
  return hours < 48 ? `${hours} h` : `${Math.floor(hours / 24)} d`;
};

function TicketLine({ t, now }: { t: TicketRow; now: number }) {
  return (
    <Group gap="xs" wrap="nowrap" justify="space-between">
      <Anchor component={Link} to={ticketPath(t.uuid)} size="sm" fw={t.unread ? 700 : 400} lineClamp={1}>
        {t.subject}
      </Anchor>
      <Group gap={6} wrap="nowrap">
        <Badge size="xs" variant="light" color={STATUS_COLORS[t.status]}>
          {statusLabel(t.status)}
        </Badge>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {waited(t.last_message_at, now)}
        </Text>
      </Group>
    </Group>
  );
}

/**
 * Staff: the open tickets of their scope (the partner wrote last), oldest waiting first. Partners: their tickets
 * still going (open or answered), newest first.
 */
export function OpenTicketsCard({ staff }: { staff: boolean }) {
  const open = useTicketList({ status: 'open', sort: 'last_message_at', order: staff ? 'asc' : 'desc', count: SHOWN });
  const answered = useTicketList(
    staff ? { status: 'answered', count: 1 } : { status: 'answered', sort: 'last_message_at', count: SHOWN },
  );
  // Waits are counted to when the lists were read (each refetch moves it on), not to the moment of rendering.
  const now = Math.max(open.dataUpdatedAt, answered.dataUpdatedAt);
  const rows = staff
    ? (open.data?.list ?? [])
    : [...(open.data?.list ?? []), ...(answered.data?.list ?? [])]
        .sort((a, b) => b.last_message_at.localeCompare(a.last_message_at))
        .slice(0, SHOWN);
  const waiting = open.data?.count ?? 0;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="open-tickets-card">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text size="xs" tt="uppercase" fw={700} c="dimmed">
            {staff ? 'Open tickets, oldest waiting first' : 'Your open tickets'}
          </Text>
          <Badge size="sm" color={waiting ? 'blue' : 'gray'}>
            {staff ? `${waiting} waiting` : `${waiting + (answered.data?.count ?? 0)} open`}
          </Badge>
        </Group>
        {open.isError && <Text c="red">The tickets could not be loaded.</Text>}
        {open.data && !rows.length && <Text c="dimmed">No open tickets</Text>}
        {rows.map((t) => (
          <TicketLine key={t.uuid} t={t} now={now} />
        ))}
        <Anchor component={Link} to="/tickets" size="sm">
          All tickets
        </Anchor>
      </Stack>
    </Card>
  );
}
