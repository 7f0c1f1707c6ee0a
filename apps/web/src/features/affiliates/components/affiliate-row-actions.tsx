import { Button, Group, Menu } from '@mantine/core';
import { IconBan, IconKey, IconLogin } from '@tabler/icons-react';
import type { Affiliate } from '@pxl/contract/affiliates/affiliates.schemas';
import { buildPath } from '@pxl/contract/routes/index';
import { EditItem, RowMenu, StatusItems, statusSteps, useStatusChange } from '@/components/data-table/index.ts';
import { copyToClipboard } from '@/lib/clipboard.ts';
import { startImpersonation } from '@/lib/session/impersonation.ts';
import { useChangeAffiliateStatus } from '../api/change-affiliate-status.ts';
import { revealApiKey } from '../api/reveal-api-key.ts';
import { statusLabel } from '@/lib/labels.ts';

const STEPS = statusSteps({ status: 'banned', label: 'Ban', done: 'banned', icon: IconBan, color: 'orange' } as const);

/** Edit, status changes, "Log in as" and "Copy API key" for one affiliate. */
export function AffiliateRowActions({ affiliate }: { affiliate: Affiliate }) {
  const { status, uuid } = affiliate;
  const mutation = useChangeAffiliateStatus();
  const change = useStatusChange(mutation, { uuid, name: affiliate.email }, STEPS, {
    banned: {
      title: 'Ban affiliate',
      label: 'Ban',
      text: `Ban ${affiliate.email}? Their sessions end, login is refused and all traffic goes to trafficback.`,
    },
    deleted: {
      title: 'Delete affiliate',
      label: 'Delete',
      text: `Delete ${affiliate.email}? Their history is kept; they can no longer sign in.`,
    },
  });
  const copyKey = async () => {
    const key = await revealApiKey(uuid).catch(() => null);
    if (key) await copyToClipboard(key.key);
  };

  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {status === 'on_moderation' && (
        <Button size="compact-xs" color="green" loading={mutation.isPending} onClick={() => change.set('active')}>
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
        <StatusItems current={status} steps={STEPS} onPick={change.pick} />
      </RowMenu>
      {change.dialog}
    </Group>
  );
}
