import { useState } from 'react';
import { Alert, Button, Group, Textarea } from '@mantine/core';
import type { Ticket } from '@pxl/contract/tickets/tickets.schemas';
import { useDecideAccess } from '../api/tickets.ts';

/** Staff decide an offer access request from its ticket, as they would on the offer; the ticket records it. */
export function AccessDecision({ ticket }: { ticket: Ticket }) {
  const decide = useDecideAccess(ticket.uuid);
  const [reason, setReason] = useState('');
  const request = ticket.access_request;
  if (!request) return null;
  if (request.status !== 'pending')
    return (
      <Alert color={request.status === 'approved' ? 'green' : 'gray'} maw={900}>
        The access request was {request.status}.
      </Alert>
    );
  return (
    <Alert color="yellow" title={`Access request for offer #${ticket.offer?.id ?? ''}`} maw={900}>
      <Textarea
        label="Reason (required to decline)"
        name="reason"
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        mb="sm"
      />
      <Group>
        <Button color="green" loading={decide.isPending} onClick={() => decide.mutate({ decision: 'approve' })}>
          Approve: add as trusted
        </Button>
        <Button
          color="red"
          variant="light"
          disabled={!reason.trim()}
          loading={decide.isPending}
          onClick={() => decide.mutate({ decision: 'decline', reason })}
        >
          Decline
        </Button>
      </Group>
    </Alert>
  );
}
