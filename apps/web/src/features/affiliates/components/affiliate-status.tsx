import { Badge } from '@mantine/core';
import type { Affiliate } from '@pxl/contract/affiliates/affiliates.schemas';

const COLORS: Record<Affiliate['status'], string> = {
  active: 'green', not_active: 'gray', on_moderation: 'yellow', banned: 'red', deleted: 'dark',
};

export const statusLabel = (status: string): string => {
  const text = status.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

export const STATUS_OPTIONS = (Object.keys(COLORS) as Affiliate['status'][]).map((value) => ({ value, label: statusLabel(value) }));

export function AffiliateStatusBadge({ status }: { status: Affiliate['status'] }) {
  return <Badge color={COLORS[status]} variant="light" radius="sm">{statusLabel(status)}</Badge>;
}
