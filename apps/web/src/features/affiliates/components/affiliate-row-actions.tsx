import { useState } from 'react';
import { ActionIcon, Button, Group, Menu } from '@mantine/core';
import {
  IconBan,
  IconCheck,
  IconDots,
  IconEdit,
  IconKey,
  IconLogin,
  IconPlayerPause,
  IconTrash,
} from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { Affiliate } from '@pxl/contract/affiliates/affiliates.schemas';
import { buildPath } from '@pxl/contract/routes/index';
import { ConfirmModal } from '@/components/data-table/index.ts';
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

/** Edit, status changes, "Log in as" and "Copy API key" for one affiliate. */
export function AffiliateRowActions({ affiliate }: { affiliate: Affiliate }) {
  const navigate = useNavigate();
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
      <Menu position="bottom-end" shadow="md" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${affiliate.email}`}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconEdit size={14} />}
            onClick={() => navigate(buildPath('/roles/affiliates/edit/:uuid', { uuid }))}
          >
            Edit
          </Menu.Item>
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
          {status !== 'banned' && (
            <Menu.Item leftSection={<IconBan size={14} />} color="orange" onClick={() => setConfirm('banned')}>
              Ban
            </Menu.Item>
          )}
          {status !== 'deleted' && (
            <Menu.Item leftSection={<IconTrash size={14} />} color="red" onClick={() => setConfirm('deleted')}>
              Delete
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
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
