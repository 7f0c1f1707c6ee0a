import { useMemo } from 'react';
import { AFFILIATE_SORTS, type Affiliate } from '@pxl/contract/affiliates/affiliates.schemas';
import { DataTable, useDataList, type ListConfig } from '@/components/data-table/index.ts';
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
  const { list, table } = useDataList(LIST, useAffiliates, listAffiliates, 'affiliates');
  const columns = useMemo(() => affiliateColumns(timeZone), [timeZone]);
  const filterLabels = useAffiliateFilterLabels();

  return (
    <DataTable<Affiliate>
      listId="affiliates"
      {...table}
      columns={columns}
      rowKey={(a) => a.uuid}
      searchPlaceholder="ID, name or email"
      filters={<AffiliateFilters list={list} />}
      filterLabels={filterLabels}
      rowActions={(a) => <AffiliateRowActions affiliate={a} />}
      minWidth={1200}
    />
  );
}
