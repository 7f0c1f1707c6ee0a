import { useState } from 'react';
import { Button, Group, Menu } from '@mantine/core';
import { IconCheck, IconEdit, IconExternalLink, IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { Distribution, DistributionStatus } from '@pxl/contract/cold-api/cold.schemas';
import { ConfirmModal, RowMenu } from '@/components/data-table/index.ts';
import { notifySuccess } from '@/lib/notifications/notification-store.ts';
import { useSetDistributionStatus } from '../api/distributions.ts';
import { distributionPath } from './cold-labels.tsx';

type Ending = 'done' | 'deleted';
const ENDINGS: Record<Ending, { title: string; label: string; text: (t: string) => string; notice: string }> = {
  done: {
    title: 'Finish distribution',
    label: 'Finish',
    text: (t) => `Finish "${t}"? It stops at once and cannot be resumed; its sends stay.`,
    notice: 'finished',
  },
  deleted: {
    title: 'Delete distribution',
    label: 'Delete',
    text: (t) => `Delete "${t}"? It stops at once and leaves the list; the user sessions it made stay.`,
    notice: 'deleted',
  },
};

/** Pause, resume, finish and delete (the last two after a confirmation); `onEdit` opens the form. */
function useStatusActions(d: Distribution, onDeleted?: () => void) {
  const change = useSetDistributionStatus(d.uuid);
  const [ending, setEnding] = useState<Ending | null>(null);
  const setStatus = (status: DistributionStatus, notice: string, after?: () => void) =>
    change.mutate(status, {
      onSuccess: () => {
        notifySuccess(`${d.title} ${notice}`);
        setEnding(null);
        after?.();
      },
    });
  const open = d.status === 'active' || d.status === 'paused';
  const confirm = ending && (
    <ConfirmModal
      opened
      title={ENDINGS[ending].title}
      confirmLabel={ENDINGS[ending].label}
      text={ENDINGS[ending].text(d.title)}
      loading={change.isPending}
      onClose={() => setEnding(null)}
      onConfirm={() => setStatus(ending, ENDINGS[ending].notice, ending === 'deleted' ? onDeleted : undefined)}
    />
  );
  return {
    open,
    pausing: change.isPending,
    pause: () => setStatus('paused', 'paused'),
    resume: () => setStatus('active', 'resumed'),
    end: setEnding,
    confirm,
  };
}

export function DistributionRowActions({ d, onEdit }: { d: Distribution; onEdit: () => void }) {
  const navigate = useNavigate();
  const a = useStatusActions(d);
  return (
    <>
      <RowMenu label={`Actions for ${d.title}`}>
        <Menu.Item leftSection={<IconExternalLink size={14} />} onClick={() => navigate(distributionPath(d.uuid))}>
          Open
        </Menu.Item>
        {a.open && (
          <Menu.Item leftSection={<IconEdit size={14} />} onClick={onEdit}>
            Edit
          </Menu.Item>
        )}
        {d.status === 'active' && (
          <Menu.Item leftSection={<IconPlayerPause size={14} />} onClick={a.pause}>
            Pause
          </Menu.Item>
        )}
        {d.status === 'paused' && (
          <Menu.Item leftSection={<IconPlayerPlay size={14} />} onClick={a.resume}>
            Resume
          </Menu.Item>
        )}
        {a.open && (
          <Menu.Item leftSection={<IconCheck size={14} />} onClick={() => a.end('done')}>
            Finish
          </Menu.Item>
        )}
        {d.status !== 'deleted' && (
          <Menu.Item leftSection={<IconTrash size={14} />} color="red" onClick={() => a.end('deleted')}>
            Delete
          </Menu.Item>
        )}
      </RowMenu>
      {a.confirm}
    </>
  );
}

/** The same actions as buttons, for the distribution's own page. */
export function DistributionButtons({
  d,
  onEdit,
  onDeleted,
}: {
  d: Distribution;
  onEdit: () => void;
  onDeleted: () => void;
}) {
  const a = useStatusActions(d, onDeleted);
  return (
    <Group gap="xs">
      {a.open && (
        <Button variant="default" leftSection={<IconEdit size={16} />} onClick={onEdit}>
          Edit
        </Button>
      )}
      {d.status === 'active' && (
        <Button variant="default" leftSection={<IconPlayerPause size={16} />} loading={a.pausing} onClick={a.pause}>
          Pause
        </Button>
      )}
      {d.status === 'paused' && (
        <Button leftSection={<IconPlayerPlay size={16} />} loading={a.pausing} onClick={a.resume}>
          Resume
        </Button>
      )}
      {a.open && (
        <Button variant="default" leftSection={<IconCheck size={16} />} onClick={() => a.end('done')}>
          Finish
        </Button>
      )}
      {d.status !== 'deleted' && (
        <Button variant="light" color="red" leftSection={<IconTrash size={16} />} onClick={() => a.end('deleted')}>
          Delete
        </Button>
      )}
      {a.confirm}
    </Group>
  );
}
