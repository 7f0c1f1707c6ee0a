import { Group, Select, TextInput } from '@mantine/core';
import { AUDIT_ACTIONS, type AuditAction } from '@pxl/contract/log/log.schemas';

export type LogFilters = { date_from?: string; date_to?: string; action?: AuditAction };

export const actionLabel = (action: string): string => {
  const text = action.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

const ACTION_OPTIONS = AUDIT_ACTIONS.map((value) => ({ value, label: actionLabel(value) }));

export function LogFiltersBar({ value, onChange }: { value: LogFilters; onChange: (next: LogFilters) => void }) {
  const set = (patch: LogFilters) => onChange({ ...value, ...patch });
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput type="date" label="From" name="date_from" value={value.date_from ?? ''} size="sm"
        onChange={(e) => set({ date_from: e.currentTarget.value || undefined })} />
      <TextInput type="date" label="To" name="date_to" value={value.date_to ?? ''} size="sm"
        onChange={(e) => set({ date_to: e.currentTarget.value || undefined })} />
      <Select label="Action" name="action" placeholder="All actions" clearable data={ACTION_OPTIONS} size="sm" w={220}
        value={value.action ?? null} onChange={(v) => set({ action: (v as AuditAction | null) ?? undefined })} />
    </Group>
  );
}
