import { Badge } from '@mantine/core';
import { MANAGER_ROLE_LABELS, MANAGER_TYPE_LABELS } from '@pxl/contract/constants/constants.data';
import { MANAGER_STATUSES } from '@pxl/contract/managers/managers.schemas';
import { statusLabel, statusOptions } from '@/lib/labels.ts';

export const roleLabel = (role: string): string =>
  MANAGER_ROLE_LABELS[role as keyof typeof MANAGER_ROLE_LABELS] ?? role;
export const typeLabel = (type: string): string =>
  MANAGER_TYPE_LABELS[type as keyof typeof MANAGER_TYPE_LABELS] ?? type;

export const ROLE_OPTIONS = Object.entries(MANAGER_ROLE_LABELS).map(([value, label]) => ({ value, label }));
export const TYPE_OPTIONS = Object.entries(MANAGER_TYPE_LABELS).map(([value, label]) => ({ value, label }));
export const STATUS_OPTIONS = statusOptions(MANAGER_STATUSES);

export function ManagerStatusBadge({ status }: { status: string }) {
  return (
    <Badge color={status === 'active' ? 'green' : 'dark'} variant="light" radius="sm">
      {statusLabel(status)}
    </Badge>
  );
}

const ROLE_COLORS: Record<string, string> = { head: 'grape', team_lead: 'blue' };

export function RoleBadge({ role }: { role: string }) {
  return (
    <Badge color={ROLE_COLORS[role] ?? 'gray'} variant="outline" radius="sm">
      {roleLabel(role)}
    </Badge>
  );
}
