import { useState } from 'react';
import { TextInput } from '@mantine/core';
import { OUTBOUND_STATUSES } from '@pxl/contract/postbacks/postbacks.schemas';
import { DATE_RANGE, DateRangeFilter, FilterSelect, type ListStateApi } from '@/components/data-table/index.ts';
import { useAffiliateName, useAffiliateOptions } from '@/lib/queries/affiliate-options.ts';
import { useOfferName } from '../api/get-filter-names.ts';
import { useOfferSearch } from '@/lib/queries/offer-search.ts';
import { STATUS_LABELS } from './postback-labels.tsx';
import { RemoteFilter } from '@/components/data-table/remote-filter.tsx';

const STATUS_OPTIONS = OUTBOUND_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));

const useAffiliateFilterOptions = (search: string) => {
  const found = useAffiliateOptions(search);
  return { options: found.data ?? [], fetching: found.isFetching };
};
const useOfferOptions = (search: string) => {
  const found = useOfferSearch(search, { silent: false });
  return {
    options: (found.data?.list ?? []).map((o) => ({ value: o.uuid, label: `#${o.id} ${o.title}` })),
    fetching: found.isFetching,
  };
};

/** The status code applies on Enter or blur, so typing "404" does not fetch for "4" and "40". */
function StatusCodeFilter({ list }: { list: ListStateApi }) {
  const current = list.state.filters.status_code ?? '';
  const [text, setText] = useState(current);
  // Follows the URL when it changes (back button, "Clear filters"), set while rendering.
  const [followed, setFollowed] = useState(current);
  if (followed !== current) {
    setFollowed(current);
    setText(current);
  }
  const invalid = text.trim() !== '' && !/^\d{1,3}$/.test(text.trim());
  const commit = () => {
    if (!invalid && text.trim() !== current) list.update({ filters: { status_code: text.trim() || undefined } });
  };
  return (
    <TextInput
      label="Status code"
      name="status_code"
      placeholder="Any"
      w={110}
      inputMode="numeric"
      value={text}
      error={invalid ? 'A code like 200' : undefined}
      onChange={(e) => setText(e.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
    />
  );
}

/** Affiliate, offer (not for team leads, who cannot list offers), status code, delivery status (outbound), dates. */
export function PostbackLogFilters({
  list,
  outbound,
  canFilterOffer,
}: {
  list: ListStateApi;
  outbound: boolean;
  canFilterOffer: boolean;
}) {
  const affiliateName = useAffiliateName(list.state.filters.affiliate_uuid);
  const offerName = useOfferName(canFilterOffer ? list.state.filters.offer_uuid : undefined);
  return (
    <>
      <RemoteFilter
        list={list}
        name="affiliate_uuid"
        label="Affiliate"
        placeholder="Any affiliate"
        useOptions={useAffiliateFilterOptions}
        currentLabel={affiliateName.data}
      />
      {canFilterOffer && (
        <RemoteFilter
          list={list}
          name="offer_uuid"
          label="Offer"
          placeholder="Any offer"
          useOptions={useOfferOptions}
          currentLabel={offerName.data}
        />
      )}
      <StatusCodeFilter list={list} />
      {outbound && <FilterSelect list={list} name="status" label="Status" data={STATUS_OPTIONS} w={140} />}
      <DateRangeFilter list={list} keys={DATE_RANGE} label="" />
    </>
  );
}
