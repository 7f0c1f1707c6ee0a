import { Badge } from '@mantine/core';

const COLORS: Record<string, string> = { active: 'green', not_active: 'gray', deleted: 'dark' };

export const statusLabel = (status: string): string => {
  const text = status.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

export const statusOptions = (statuses: readonly string[]) => statuses.map((value) => ({ value, label: statusLabel(value) }));

export function StatusBadge({ status }: { status: string }) {
  return <Badge color={COLORS[status] ?? 'gray'} variant="light" radius="sm">{statusLabel(status)}</Badge>;
}
