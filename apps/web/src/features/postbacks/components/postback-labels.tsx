import { Badge, Text } from '@mantine/core';
import { POSTBACK_EVENTS, type PostbackEvent } from '@pxl/contract/postbacks/postbacks.schemas';
import type { OutboundStatus } from './log-query.ts';

export const STATUS_LABELS: Record<OutboundStatus, string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
  refused: 'Refused',
};
const STATUS_COLORS: Record<OutboundStatus, string> = {
  pending: 'yellow',
  delivered: 'green',
  failed: 'red',
  refused: 'gray',
};

export const eventLabel = (event: PostbackEvent): string => POSTBACK_EVENTS[event] ?? event;

export function OutboundPostbackStatusCell({ status }: { status: OutboundStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" radius="sm">
      {STATUS_LABELS[status]}
    </Badge>
  );
}

/** An HTTP status code: green 2xx, orange 4xx, red 5xx; a dash when there was no answer. */
export function StatusCode({ code }: { code: number | null }) {
  if (code === null)
    return (
      <Text span c="dimmed">
        —
      </Text>
    );
  const color = code < 300 ? 'green.8' : code < 500 ? 'orange.8' : 'red.8';
  return (
    <Text span ff="monospace" fw={600} c={color}>
      {code}
    </Text>
  );
}

export const offerText = (offer: { id: number; title: string } | null): string =>
  offer ? `#${offer.id} ${offer.title}` : '';
