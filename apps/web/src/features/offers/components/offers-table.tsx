import { useMemo } from 'react';
import { OFFER_SORTS, type Offer } from '@pxl/contract/offers/offers.schemas';
import { DataTable, useDataList, type ListConfig } from '@/components/data-table/index.ts';
import { listOffers, useOffers } from '../api/list-offers.ts';
import { offerColumns } from './offer-columns.tsx';
import { OfferFilters, useOfferFilterLabels } from './offer-filters.tsx';
import { OfferRowActions } from './offer-row-actions.tsx';

const LIST: ListConfig = {
  filters: ['status', 'type', 'privacy', 'vertical', 'advertiser_uuid', 'geo', 'created_from', 'created_to'],
  sorts: OFFER_SORTS,
  defaultSort: 'created_at',
};

/** The staff offers list: search by ID or title, filters, row actions, CSV export. */
export function OffersTable({ timeZone }: { timeZone: string }) {
  const { list, table } = useDataList(LIST, useOffers, listOffers, 'offers');
  const columns = useMemo(() => offerColumns(timeZone), [timeZone]);
  const filterLabels = useOfferFilterLabels(list.state.filters.advertiser_uuid);
  return (
    <DataTable<Offer>
      listId="offers"
      {...table}
      columns={columns}
      rowKey={(o) => o.uuid}
      searchPlaceholder="ID or title"
      filters={<OfferFilters list={list} />}
      filterLabels={filterLabels}
      rowActions={(o) => <OfferRowActions offer={o} />}
      minWidth={1150}
    />
  );
}
