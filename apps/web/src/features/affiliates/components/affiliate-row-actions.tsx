import { useState } from 'react';
import { Button, Group, Menu } from '@mantine/core';
import { IconBan, IconKey, IconLogin } from '@tabler/icons-react';
import type { Affiliate } from '@pxl/contract/affiliates/affiliates.schemas';
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
import { copyToClipboard } from '@/lib/clipboard.ts';
import { notifySuccess } from '@/lib/notifications/notification-store.ts';
import { startImpersonation } from '@/lib/session/impersonation.ts';
import { useChangeAffiliateStatus, type AffiliateStatus } from '../api/change-affiliate-status.ts';
import { revealApiKey } from '../api/reveal-api-key.ts';
import { statusLabel } from '@/lib/labels.ts';

const DONE: Record<AffiliateStatus, string> = {
  active: 'activated',
  not_active: 'deactivated',
  banned: 'banned',
  deleted: 'deleted',
  on_moderation: 'sent to moderation',
};

const STEPS = [
  ACTIVATE,
  DEACTIVATE,
  { status: 'banned', label: 'Ban', icon: IconBan, color: 'orange' } as const,
  DELETE,
];

/** Edit, status changes, "Log in as" and "Copy API key" for one affiliate. */
export function AffiliateRowActions({ affiliate }: { affiliate: Affiliate }) {
  const change = useChangeAffiliateStatus();
  const [confirm, setConfirm] = useState<'banned' | 'deleted' | null>(null);
  const { status, uuid } = affiliate;
  const setStatus = (next: AffiliateStatus) =>
    change.mutate(
      { uuid, status: next },
      {
        onSuccess: () => {
          notifySuccess(`${affiliate.email} ${DONE[next]}`);
          setConfirm(null);
        },
      },
    );
  const copyKey = async () => {
    const key = await revealApiKey(uuid).catch(() => null);
    if (key) await copyToClipboard(key.key);
  };

  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {status === 'on_moderation' && (
        <Button size="compact-xs" color="green" loading={change.isPending} onClick={() => setStatus('active')}>
          Activate
        </Button>
      )}
      <RowMenu label={`Actions for ${affiliate.email}`}>
        <EditItem to={buildPath('/roles/affiliates/edit/:uuid', { uuid })} />
        <Menu.Item
          leftSection={<IconLogin size={14} />}
          disabled={status === 'banned' || status === 'deleted'}
          onClick={() => void startImpersonation(uuid).catch(() => undefined)}
        >
          Log in as
        </Menu.Item>
        <Menu.Item leftSection={<IconKey size={14} />} onClick={() => void copyKey()}>
          Copy API key
        </Menu.Item>
        <Menu.Divider />
        <Menu.Label>Status: {statusLabel(status)}</Menu.Label>
        <StatusItems
          current={status}
          steps={STEPS}
          onPick={(next) => (next === 'banned' || next === 'deleted' ? setConfirm(next) : setStatus(next))}
        />
      </RowMenu>
      <ConfirmModal
        opened={confirm !== null}
        loading={change.isPending}
        onClose={() => setConfirm(null)}
        title={confirm === 'banned' ? 'Ban affiliate' : 'Delete affiliate'}
        confirmLabel={confirm === 'banned' ? 'Ban' : 'Delete'}
        text={
          confirm === 'banned'
            ? `Ban ${affiliate.email}? Their sessions end, login is refused and all traffic goes to trafficback.`
            : `Delete ${affiliate.email}? Their history is kept; they can no longer sign in.`
        }
        onConfirm={() => confirm && setStatus(confirm)}
      />
    </Group>
  );
}
