import { useMemo } from 'react';
import { AFFILIATE_SORTS, type Affiliate } from '@pxl/contract/affiliates/affiliates.schemas';
import {
  queryProps,
  useExportSource,
  DataTable,
  useListState,
  type ListConfig,
} from '@/components/data-table/index.ts';
import { listAffiliates, useAffiliates } from '../api/list-affiliates.ts';
import { affiliateColumns } from './affiliate-columns.tsx';
import { AffiliateFilters, useAffiliateFilterLabels } from './affiliate-filters.tsx';
import { AffiliateRowActions } from './affiliate-row-actions.tsx';

const LIST: ListConfig = {
  filters: ['status', 'manager_uuid', 'geo', 'tag', 'created_from', 'created_to'],
  sorts: AFFILIATE_SORTS,
  defaultSort: 'created_at',
};

/** The affiliates list: search by ID, name or email; filters; row actions; CSV export. */
export function AffiliatesTable({ timeZone }: { timeZone: string }) {
  const list = useListState(LIST);
  const affiliates = useAffiliates(list.query);
  const columns = useMemo(() => affiliateColumns(timeZone), [timeZone]);
  const filterLabels = useAffiliateFilterLabels();
  const exportSource = useExportSource('affiliates', list.query, listAffiliates);

  return (
    <DataTable<Affiliate>
      listId="affiliates"
      {...queryProps(affiliates)}
      columns={columns}
      list={list}
      rowKey={(a) => a.uuid}
      searchPlaceholder="ID, name or email"
      filters={<AffiliateFilters list={list} />}
      filterLabels={filterLabels}
      rowActions={(a) => <AffiliateRowActions affiliate={a} />}
      exportSource={exportSource}
      minWidth={1200}
    />
  );
}
