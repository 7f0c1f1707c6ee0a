import { Badge } from '@mantine/core';
import { statusLabel } from '@/lib/labels.ts';

const COLORS: Record<string, string> = { active: 'green', not_active: 'gray', deleted: 'dark' };

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge color={COLORS[status] ?? 'gray'} variant="light" radius="sm">
      {statusLabel(status)}
    </Badge>
  );
}
