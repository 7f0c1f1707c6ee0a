import { useState } from 'react';
import { Menu } from '@mantine/core';
import type { Advertiser } from '@pxl/contract/advertisers/advertisers.schemas';
import { buildPath } from '@pxl/contract/routes/index';
import {
  ACTIVATE,
  ConfirmModal,
  DEACTIVATE,
  DELETE,
  EditItem,
  RowMenu,
  StatusItems,
} from '@/components/data-table/index.ts';
import { notifySuccess } from '@/lib/notifications/notification-store.ts';
import { useChangeAdvertiserStatus, type AdvertiserStatus } from '../api/change-advertiser-status.ts';

const DONE: Record<AdvertiserStatus, string> = {
  active: 'activated',
  not_active: 'deactivated',
  on_moderation: 'moved to moderation',
  deleted: 'deleted',
};

const STEPS = [ACTIVATE, DEACTIVATE, DELETE];

export function AdvertiserRowActions({ advertiser }: { advertiser: Advertiser }) {
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
      <RowMenu label={`Actions for ${advertiser.company}`}>
        <EditItem to={buildPath('/roles/advertisers/edit/:uuid', { uuid })} />
        <Menu.Divider />
        <StatusItems
          current={status}
          steps={STEPS}
          onPick={(next) => (next === 'deleted' ? setConfirming(true) : setStatus(next))}
        />
      </RowMenu>
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
