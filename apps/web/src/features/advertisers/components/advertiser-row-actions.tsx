import { useState } from 'react';
import { ActionIcon, Menu } from '@mantine/core';
import { IconCheck, IconDots, IconEdit, IconPlayerPause, IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { Advertiser } from '@pxl/contract/advertisers/advertisers.schemas';
import { buildPath } from '@pxl/contract/routes/index';
import { ConfirmModal } from '@/components/data-table/index.ts';
import { notifySuccess } from '@/lib/notifications/notification-store.ts';
import { useChangeAdvertiserStatus, type AdvertiserStatus } from '../api/change-advertiser-status.ts';

const DONE: Record<AdvertiserStatus, string> = {
  active: 'activated',
  not_active: 'deactivated',
  on_moderation: 'moved to moderation',
  deleted: 'deleted',
};

export function AdvertiserRowActions({ advertiser }: { advertiser: Advertiser }) {
  const navigate = useNavigate();
  const change = useChangeAdvertiserStatus();
  const [confirming, setConfirming] = useState(false);
  const { uuid, status } = advertiser;
  const setStatus = (next: AdvertiserStatus) =>
    change.mutate(
      { uuid, status: next },
      {
        onSuccess: () => {
          notifySuccess(`${advertiser.company} ${DONE[next]}`);
          setConfirming(false);
        },
      },
    );
  return (
    <>
      <Menu position="bottom-end" shadow="md" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${advertiser.company}`}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconEdit size={14} />}
            onClick={() => navigate(buildPath('/roles/advertisers/edit/:uuid', { uuid }))}
          >
            Edit
          </Menu.Item>
          <Menu.Divider />
          {status !== 'active' && (
            <Menu.Item leftSection={<IconCheck size={14} />} color="green" onClick={() => setStatus('active')}>
              Activate
            </Menu.Item>
          )}
          {status !== 'not_active' && (
            <Menu.Item leftSection={<IconPlayerPause size={14} />} onClick={() => setStatus('not_active')}>
              Deactivate
            </Menu.Item>
          )}
          {status !== 'deleted' && (
            <Menu.Item leftSection={<IconTrash size={14} />} color="red" onClick={() => setConfirming(true)}>
              Delete
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      <ConfirmModal
        opened={confirming}
        title="Delete advertiser"
        confirmLabel="Delete"
        loading={change.isPending}
        text={`Delete ${advertiser.company}? Their history is kept; they can no longer sign in.`}
        onClose={() => setConfirming(false)}
        onConfirm={() => setStatus('deleted')}
      />
    </>
  );
}
