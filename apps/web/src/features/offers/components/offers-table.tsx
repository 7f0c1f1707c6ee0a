import { useMemo } from 'react';
import { OFFER_SORTS, type Offer } from '@pxl/contract/offers/offers.schemas';
import {
  queryProps,
  useExportSource,
  DataTable,
  useListState,
  type ListConfig,
} from '@/components/data-table/index.ts';
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
  const list = useListState(LIST);
  const offers = useOffers(list.query);
  const columns = useMemo(() => offerColumns(timeZone), [timeZone]);
  const filterLabels = useOfferFilterLabels(list.state.filters.advertiser_uuid);
  const exportSource = useExportSource('offers', list.query, listOffers);
  return (
    <DataTable<Offer>
      listId="offers"
      {...queryProps(offers)}
      columns={columns}
      list={list}
      rowKey={(o) => o.uuid}
      searchPlaceholder="ID or title"
      filters={<OfferFilters list={list} />}
      filterLabels={filterLabels}
      rowActions={(o) => <OfferRowActions offer={o} />}
      exportSource={exportSource}
      minWidth={1150}
    />
  );
}
