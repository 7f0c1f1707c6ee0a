import { useState } from 'react';
import { notifySuccess } from '@/lib/notifications/notification-store.ts';
import { ConfirmModal } from './confirm-modal.tsx';
import type { StatusStep } from './row-menu.tsx';

type StatusMutation<S extends string> = {
  mutate: (vars: { uuid: string; status: S }, options: { onSuccess: () => void }) => void;
  isPending: boolean;
};

/** What a status step that asks first says: the dialog's title, its button and its text. */
export type StatusAsk = { title: string; label: string; text: string };

/**
 * A record's status changes from its row menu: `pick` changes it at once, or first asks with the dialog of
 * `asks` when that status has one; a success is announced as "<name> <the step's done>".
 */
export function useStatusChange<S extends string>(
  change: StatusMutation<S>,
  record: { uuid: string; name: string },
  steps: readonly StatusStep<string>[],
  asks: Partial<Record<S, StatusAsk>>,
) {
  const [asked, setAsked] = useState<S | null>(null);
  const [open, setOpen] = useState(false);
  const set = (status: S) =>
    change.mutate(
      { uuid: record.uuid, status },
      {
        onSuccess: () => {
          notifySuccess(`${record.name} ${steps.find((s) => s.status === status)?.done ?? status}`);
          setOpen(false);
        },
      },
    );
  const pick = (status: S) => {
    if (!asks[status]) return set(status);
    setAsked(status);
    setOpen(true);
  };
  // The dialog keeps the last question while it fades out.
  const ask = asked ? asks[asked] : undefined;
  const dialog = (
    <ConfirmModal
      opened={open}
      title={ask?.title ?? ''}
      confirmLabel={ask?.label}
      text={ask?.text ?? ''}
      loading={change.isPending}
      onClose={() => setOpen(false)}
      onConfirm={() => asked && set(asked)}
    />
  );
  return { set, pick, dialog };
}
