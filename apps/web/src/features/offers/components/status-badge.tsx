import { Badge } from '@mantine/core';
import { statusLabel } from '@/lib/labels.ts';

// Offer, landing, product and access-request statuses share one palette.
const COLORS: Record<string, string> = {
  active: 'green',
  approved: 'green',
  not_active: 'gray',
  moderation: 'yellow',
  pending: 'yellow',
  stopped: 'orange',
  declined: 'red',
  deleted: 'dark',
};

export function StatusBadge({ status, size = 'sm' }: { status: string; size?: 'xs' | 'sm' | 'md' }) {
  return (
    <Badge color={COLORS[status] ?? 'gray'} variant="light" radius="sm" size={size} style={{ flexShrink: 0 }}>
      {statusLabel(status)}
    </Badge>
  );
}
