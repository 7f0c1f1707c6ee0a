import type { ReactNode } from 'react';
import { ActionIcon, Menu } from '@mantine/core';
import { IconCheck, IconDots, IconEdit, IconPlayerPause, IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';

/** The "…" menu at the end of a row; `label` names the record for screen readers. */
export function RowMenu({ label, loading, children }: { label: string; loading?: boolean; children: ReactNode }) {
  return (
    <Menu position="bottom-end" shadow="md" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={label} loading={loading}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}

/** "Edit": opens the record's edit page. */
export function EditItem({ to }: { to: string }) {
  const navigate = useNavigate();
  return (
    <Menu.Item leftSection={<IconEdit size={14} />} onClick={() => navigate(to)}>
      Edit
    </Menu.Item>
  );
}

/** A status change of the row menu; `done` ends its notice ("… activated"). */
export type StatusStep<S extends string> = {
  status: S;
  label: string;
  done: string;
  icon: typeof IconCheck;
  color?: string;
};

/** The steps most records share; a feature adds its own (ban, stop) beside them. */
export const ACTIVATE = {
  status: 'active',
  label: 'Activate',
  done: 'activated',
  icon: IconCheck,
  color: 'green',
} as const;
export const DEACTIVATE = {
  status: 'not_active',
  label: 'Deactivate',
  done: 'deactivated',
  icon: IconPlayerPause,
} as const;
export const DELETE = { status: 'deleted', label: 'Delete', done: 'deleted', icon: IconTrash, color: 'red' } as const;

/** Activate, deactivate, the record's own steps, then delete. */
export const statusSteps = <S extends string = never>(...own: StatusStep<S>[]) => [
  ACTIVATE,
  DEACTIVATE,
  ...own,
  DELETE,
];

/** One entry for each status the record is not in; `onPick` decides whether to ask first. */
export function StatusItems<S extends string>({
  current,
  steps,
  onPick,
}: {
  current: string;
  steps: readonly StatusStep<S>[];
  onPick: (status: S) => void;
}) {
  return (
    <>
      {steps
        .filter((s) => s.status !== current)
        .map((s) => (
          <Menu.Item key={s.status} leftSection={<s.icon size={14} />} color={s.color} onClick={() => onPick(s.status)}>
            {s.label}
          </Menu.Item>
        ))}
    </>
  );
}
