import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { Ticket } from '@pxl/contract/tickets/tickets.schemas';
import { statusLabel } from '@/lib/labels.ts';
import { useSetTicketClosed } from '../api/tickets.ts';
import { AccessDecision } from './access-decision.tsx';
import { ReplyBox } from './reply-box.tsx';
import { STATUS_COLORS, TYPE_LABELS } from './ticket-labels.ts';
import { TicketThread } from './ticket-thread.tsx';

type Props = { ticket: Ticket; timeZone: string; staff: boolean; canDecide: boolean };

/** One ticket: who and what, the thread, the reply box, close or reopen. */
export function TicketView({ ticket, timeZone, staff, canDecide }: Props) {
  const setClosed = useSetTicketClosed(ticket.uuid);
  const closed = ticket.status === 'closed';
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md" maw={900}>
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Text fw={700} size="lg" data-testid="ticket-subject">
              {ticket.subject}
            </Text>
            <Group gap="xs">
              <Badge color={STATUS_COLORS[ticket.status]} variant="light" data-testid="ticket-status">
                {statusLabel(ticket.status)}
              </Badge>
              <Badge variant="outline" color="gray">
                {TYPE_LABELS[ticket.type]}
              </Badge>
              {ticket.offer && (
                <Text size="sm" c="dimmed">
                  Offer #{ticket.offer.id} {ticket.offer.title}
                </Text>
              )}
            </Group>
            {staff && (
              <Text size="sm" c="dimmed">
                {ticket.partner.role === 'advertiser' ? 'Advertiser' : 'Affiliate'} {ticket.partner.name} (
                {ticket.partner.email}) · manager {ticket.manager?.name ?? 'none'}
              </Text>
            )}
          </Stack>
          <Button variant="default" loading={setClosed.isPending} onClick={() => setClosed.mutate(!closed)}>
            {closed ? 'Reopen' : 'Close ticket'}
          </Button>
        </Group>
      </Paper>
      {canDecide && <AccessDecision ticket={ticket} />}
      <TicketThread messages={ticket.messages} timeZone={timeZone} />
      <ReplyBox uuid={ticket.uuid} />
    </Stack>
  );
}
