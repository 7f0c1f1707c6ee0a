import { Badge } from '@mantine/core';
import type { Affiliate } from '@pxl/contract/affiliates/affiliates.schemas';
import { statusLabel, statusOptions } from '@/lib/labels.ts';

const COLORS: Record<Affiliate['status'], string> = {
  active: 'green',
  not_active: 'gray',
  on_moderation: 'yellow',
  banned: 'red',
  deleted: 'dark',
};

export const STATUS_OPTIONS = statusOptions(Object.keys(COLORS));

export function AffiliateStatusBadge({ status }: { status: Affiliate['status'] }) {
  return (
    <Badge color={COLORS[status]} variant="light" radius="sm">
      {statusLabel(status)}
    </Badge>
  );
}
