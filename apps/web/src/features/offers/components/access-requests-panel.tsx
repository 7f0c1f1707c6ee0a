import { useState } from 'react';
import { Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { AccessRequest } from '@pxl/contract/offers/portal.schemas';
import { formatDateLine } from '@pxl/contract/format/date';
import { apiFieldErrors } from '@/lib/form-errors.ts';
import { notifySuccess } from '@/lib/notifications/notification-store.ts';
import { useDecideAccessRequest } from '../api/decide-access-request.ts';
import { useAccessRequests } from '../api/list-access-requests.ts';
import { DeclineModal } from './decline-modal.tsx';
import { DetailCard } from './detail-card.tsx';

/** Pending access requests of affiliates in scope: approving adds them to the trusted list. */
export function AccessRequestsPanel({
  offerUuid,
  timeZone,
  editable,
}: {
  offerUuid: string;
  timeZone: string;
  editable: boolean;
}) {
  const requests = useAccessRequests(offerUuid);
  const decide = useDecideAccessRequest();
  const [declining, setDeclining] = useState<AccessRequest | null>(null);
  const [declineError, setDeclineError] = useState<string | undefined>();
  const list = requests.data?.list ?? [];
  const name = (r: AccessRequest) => r.affiliate.name || r.affiliate.email;

  const approve = (r: AccessRequest) =>
    decide.mutate(
      { uuid: r.uuid, body: { decision: 'approve' } },
      {
        onSuccess: () => notifySuccess(`${name(r)} approved and added to the trusted affiliates`),
      },
    );
  const decline = (r: AccessRequest, reason: string) =>
    decide.mutate(
      { uuid: r.uuid, body: { decision: 'decline', reason } },
      {
        onSuccess: () => {
          notifySuccess(`${name(r)} declined`);
          setDeclining(null);
        },
        onError: (error) => setDeclineError(apiFieldErrors(error).reason),
      },
    );

  let body;
  if (requests.isPending) body = <Loader size="sm" />;
  else if (requests.isError)
    body = (
      <Group gap="sm">
        <Text size="sm" c="red.7">
          Requests could not be loaded.
        </Text>
        <Button size="compact-sm" variant="default" onClick={() => void requests.refetch()}>
          Retry
        </Button>
      </Group>
    );
  else if (list.length === 0)
    body = (
      <Text size="sm" c="dimmed">
        No pending requests.
      </Text>
    );
  else
    body = list.map((r) => (
      <Group key={r.uuid} justify="space-between" gap="xs" wrap="wrap" data-testid={`access-request-${r.uuid}`}>
        <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" fw={500}>
            {name(r)}{' '}
            <Text span size="xs" c="dimmed">
              {r.affiliate.email}
            </Text>
          </Text>
          <Text size="xs" c="dimmed">
            {formatDateLine(r.created_at, timeZone)}
          </Text>
          {r.message && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {r.message}
            </Text>
          )}
        </Stack>
        {editable && (
          <Group gap={6}>
            <Button
              size="xs"
              color="green"
              loading={
                decide.isPending && decide.variables?.uuid === r.uuid && decide.variables.body.decision === 'approve'
              }
              onClick={() => approve(r)}
            >
              Approve
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={() => {
                setDeclineError(undefined);
                setDeclining(r);
              }}
            >
              Decline
            </Button>
          </Group>
        )}
      </Group>
    ));

  return (
    <DetailCard
      title="Access requests"
      testId="offer-access-requests"
      extra={
        list.length > 0 ? (
          <Badge color="yellow" radius="sm">
            {list.length} pending
          </Badge>
        ) : undefined
      }
    >
      {body}
      {declining && (
        <DeclineModal
          affiliate={name(declining)}
          loading={decide.isPending}
          error={declineError}
          onDecline={(reason) => decline(declining, reason)}
          onClose={() => setDeclining(null)}
        />
      )}
    </DetailCard>
  );
}
