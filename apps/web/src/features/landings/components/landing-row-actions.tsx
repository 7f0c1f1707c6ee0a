import { useState } from 'react';
import { Menu } from '@mantine/core';
import { IconCheck, IconClockPause, IconPlayerStop, IconTrash } from '@tabler/icons-react';
import type { Landing, LandingStatus } from '@pxl/contract/landings/landings.schemas';
import { ConfirmModal, EditItem, RowMenu } from '@/components/data-table/index.ts';
import { notifySuccess } from '@/lib/notifications/notification-store.ts';
import { useChangeLandingStatus } from '../api/change-landing-status.ts';
import { editPath } from './landing-labels.ts';

type Step = {
  status: LandingStatus;
  label: string;
  done: string;
  confirm: string;
  icon: typeof IconCheck;
  color?: string;
};

const STEPS: Step[] = [
  {
    status: 'active',
    label: 'Activate',
    done: 'activated',
    icon: IconCheck,
    color: 'green',
    confirm: 'Tracking links can be built on it again.',
  },
  {
    status: 'moderation',
    label: 'Send to moderation',
    done: 'sent to moderation',
    icon: IconClockPause,
    confirm: 'No new tracking links can be built on it until it is active.',
  },
  {
    status: 'stopped',
    label: 'Stop',
    done: 'stopped',
    icon: IconPlayerStop,
    confirm: 'No new tracking links can be built on it until it is active.',
  },
  {
    status: 'deleted',
    label: 'Delete',
    done: 'deleted',
    icon: IconTrash,
    color: 'red',
    confirm: 'It leaves the list and the offer forms; its offer links and history are kept, and it can be restored.',
  },
];

/** Edit, and every status change but the current one, each confirmed first. */
export function LandingRowActions({ landing }: { landing: Landing }) {
  const change = useChangeLandingStatus();
  const [pending, setPending] = useState<Step | null>(null);
  const apply = (step: Step) =>
    change.mutate(
      { uuid: landing.uuid, status: step.status },
      {
        onSuccess: () => {
          notifySuccess(`${landing.name} ${step.done}`);
          setPending(null);
        },
      },
    );
  const steps = STEPS.filter((s) => s.status !== landing.status);
  return (
    <>
      <RowMenu label={`Actions for ${landing.name}`}>
        <EditItem to={editPath(landing)} />
        <Menu.Divider />
        {steps.map((s) => (
          <Menu.Item key={s.status} leftSection={<s.icon size={14} />} color={s.color} onClick={() => setPending(s)}>
            {landing.status === 'deleted' && s.status !== 'deleted' ? `Restore: ${s.label.toLowerCase()}` : s.label}
          </Menu.Item>
        ))}
      </RowMenu>
      <ConfirmModal
        opened={pending !== null}
        title={pending ? `${pending.label} landing` : ''}
        confirmLabel={pending?.label}
        loading={change.isPending}
        text={pending ? `${pending.label} "${landing.name}"? ${pending.confirm}` : ''}
        onClose={() => setPending(null)}
        onConfirm={() => pending && apply(pending)}
      />
    </>
  );
}
