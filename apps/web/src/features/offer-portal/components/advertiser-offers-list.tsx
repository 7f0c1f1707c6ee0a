import { useMemo } from 'react';
import type { AdvertiserOffer } from '@pxl/contract/offers/portal.schemas';
import { OFFER_STATUSES } from '@pxl/contract/offers/offers.schemas';
import { DataTable, FilterSelect, useDataList, type ListConfig } from '@/components/data-table/index.ts';
import { listAdvertiserOffers, useAdvertiserOffers } from '../api/list-advertiser-offers.ts';
import { useNetworkTimeZone } from '../api/get-time-zone.ts';
import { advertiserOfferColumns } from './advertiser-offer-columns.tsx';
import { STATUS_LABELS, TYPE_LABELS } from './offer-labels.ts';

const LIST: ListConfig = {
  filters: ['status', 'type'],
  sorts: ['created_at', 'id', 'title'],
  defaultSort: 'created_at',
};
const STATUS_OPTIONS = OFFER_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));
const TYPE_OPTIONS = Object.entries(TYPE_LABELS).map(([value, label]) => ({ value, label }));

/** The advertiser's own offers, read only (docs/product/routes.md); the staff /offers screen renders it for that role. */
export function AdvertiserOffersList() {
  const timeZone = useNetworkTimeZone();
  const { list, table } = useDataList(LIST, useAdvertiserOffers, listAdvertiserOffers, 'offers');
  const columns = useMemo(() => advertiserOfferColumns(timeZone), [timeZone]);
  return (
    <DataTable<AdvertiserOffer>
      listId="advertiser-offers"
      columns={columns}
      {...table}
      rowKey={(o) => o.uuid}
      searchPlaceholder="Offer ID or title"
      filters={
        <>
          <FilterSelect list={list} name="status" label="Status" data={STATUS_OPTIONS} w={150} />
          <FilterSelect list={list} name="type" label="Type" data={TYPE_OPTIONS} w={150} />
        </>
      }
      filterLabels={{
        status: (v) => `Status: ${STATUS_LABELS[v as keyof typeof STATUS_LABELS] ?? v}`,
        type: (v) => `Type: ${TYPE_LABELS[v as keyof typeof TYPE_LABELS] ?? v}`,
      }}
      minWidth={980}
    />
  );
}
