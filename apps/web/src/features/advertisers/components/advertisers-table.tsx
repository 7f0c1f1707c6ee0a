import { useMemo } from 'react';
import { ADVERTISER_SORTS, ADVERTISER_STATUSES, type Advertiser } from '@pxl/contract/advertisers/advertisers.schemas';
import { createdList, DataTable, ListFilters, listFilterLabels, useDataList } from '@/components/data-table/index.ts';
import type { SelectFilter } from '@/components/data-table/index.ts';
import { useManagerOptions } from '@/lib/queries/manager-options.ts';
import { listAdvertisers, useAdvertisers } from '../api/list-advertisers.ts';
import { advertiserColumns } from './advertiser-columns.tsx';
import { AdvertiserRowActions } from './advertiser-row-actions.tsx';
import { ProductsPanel } from './products-panel.tsx';
import { statusLabel, statusOptions } from '@/lib/labels.ts';

const LIST = createdList(['status', 'manager_uuid'], ADVERTISER_SORTS, 'created_at');

/** The advertisers list; each row expands to the advertiser's products. */
export function AdvertisersTable({ timeZone }: { timeZone: string }) {
  const { list, table } = useDataList(LIST, useAdvertisers, listAdvertisers, 'advertisers');
  const managers = useManagerOptions();
  const columns = useMemo(() => advertiserColumns(timeZone), [timeZone]);
  const selects: SelectFilter[] = [
    { name: 'status', label: 'Status', data: statusOptions(ADVERTISER_STATUSES), w: 150, text: statusLabel },
    { name: 'manager_uuid', label: 'Manager', data: managers.options, searchable: true },
  ];
  return (
    <DataTable<Advertiser>
      listId="advertisers"
      {...table}
      columns={columns}
      rowKey={(a) => a.uuid}
      searchPlaceholder="ID, company, name or email"
      filters={<ListFilters list={list} selects={selects} />}
      filterLabels={listFilterLabels(selects)}
      rowActions={(a) => <AdvertiserRowActions advertiser={a} />}
      renderExpanded={(a) => <ProductsPanel advertiser={a} timeZone={timeZone} />}
      minWidth={1000}
    />
  );
}
