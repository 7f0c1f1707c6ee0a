import { useMemo } from 'react';
import { ADVERTISER_SORTS, ADVERTISER_STATUSES, type Advertiser } from '@pxl/contract/advertisers/advertisers.schemas';
import {
  DataTable,
  DateRangeFilter,
  FilterSelect,
  rangeFilterLabels,
  useDataList,
  type ListConfig,
} from '@/components/data-table/index.ts';
import { useManagerOptions } from '@/lib/queries/manager-options.ts';
import { listAdvertisers, useAdvertisers } from '../api/list-advertisers.ts';
import { advertiserColumns } from './advertiser-columns.tsx';
import { AdvertiserRowActions } from './advertiser-row-actions.tsx';
import { ProductsPanel } from './products-panel.tsx';
import { statusLabel, statusOptions } from '@/lib/labels.ts';

const LIST: ListConfig = {
  filters: ['status', 'manager_uuid', 'created_from', 'created_to'],
  sorts: ADVERTISER_SORTS,
  defaultSort: 'created_at',
};

/** The advertisers list; each row expands to the advertiser's products. */
export function AdvertisersTable({ timeZone }: { timeZone: string }) {
  const { list, table } = useDataList(LIST, useAdvertisers, listAdvertisers, 'advertisers');
  const managers = useManagerOptions();
  const columns = useMemo(() => advertiserColumns(timeZone), [timeZone]);
  const labels = {
    status: (v: string) => `Status: ${statusLabel(v)}`,
    manager_uuid: (v: string) => `Manager: ${managers.options.find((o) => o.value === v)?.label ?? v}`,
    ...rangeFilterLabels(),
  };
  return (
    <DataTable<Advertiser>
      listId="advertisers"
      {...table}
      columns={columns}
      rowKey={(a) => a.uuid}
      searchPlaceholder="ID, company, name or email"
      filters={
        <>
          <FilterSelect list={list} name="status" label="Status" data={statusOptions(ADVERTISER_STATUSES)} w={150} />
          <FilterSelect list={list} name="manager_uuid" label="Manager" data={managers.options} searchable />
          <DateRangeFilter list={list} />
        </>
      }
      filterLabels={labels}
      rowActions={(a) => <AdvertiserRowActions advertiser={a} />}
      renderExpanded={(a) => <ProductsPanel advertiser={a} timeZone={timeZone} />}
      minWidth={1000}
    />
  );
}
