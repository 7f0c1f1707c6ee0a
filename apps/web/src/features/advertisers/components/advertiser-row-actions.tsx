import { Menu } from '@mantine/core';
import type { Advertiser } from '@pxl/contract/advertisers/advertisers.schemas';
import { buildPath } from '@pxl/contract/routes/index';
import { EditItem, RowMenu, StatusItems, statusSteps, useStatusChange } from '@/components/data-table/index.ts';
import { useChangeAdvertiserStatus } from '../api/change-advertiser-status.ts';

const STEPS = statusSteps();

export function AdvertiserRowActions({ advertiser }: { advertiser: Advertiser }) {
  const { uuid, status } = advertiser;
  const change = useStatusChange(useChangeAdvertiserStatus(), { uuid, name: advertiser.company }, STEPS, {
    deleted: {
      title: 'Delete advertiser',
      label: 'Delete',
      text: `Delete ${advertiser.company}? Their history is kept; they can no longer sign in.`,
    },
  });
  return (
    <>
      <RowMenu label={`Actions for ${advertiser.company}`}>
        <EditItem to={buildPath('/roles/advertisers/edit/:uuid', { uuid })} />
        <Menu.Divider />
        <StatusItems current={status} steps={STEPS} onPick={change.pick} />
      </RowMenu>
      {change.dialog}
    </>
  );
}
