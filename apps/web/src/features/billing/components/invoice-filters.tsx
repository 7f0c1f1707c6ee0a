import { Select } from '@mantine/core';
import { DATE_RANGE, DateRangeFilter, FilterSelect, type ListStateApi } from '@/components/data-table/index.ts';
import { useRemoteSearch } from '@/lib/use-remote-search.ts';
import { affiliateLabel, useAffiliateName, useAffiliateSearch } from '../api/search-affiliates.ts';
import { PAYMENT_SYSTEM_OPTIONS, STATUS_OPTIONS } from './invoice-labels.tsx';
import { CURRENCY_OPTIONS } from '@/lib/options.ts';

/** The affiliate filter: found by name, email or ID; its UUID lives in the URL and is named after a reload. */
function AffiliateFilter({ list }: { list: ListStateApi }) {
  const value = list.state.filters.affiliate_uuid ?? null;
  const name = useAffiliateName(value ?? undefined);
  const picker = useRemoteSearch(value ? [value] : [], value && name.data ? [{ value, label: name.data }] : []);
  const found = useAffiliateSearch(picker.query);
  const options = (found.data?.list ?? []).map((a) => ({ value: a.uuid, label: affiliateLabel(a) }));
  return (
    <Select
      label="Affiliate"
      name="affiliate_uuid"
      placeholder="Any affiliate"
      clearable
      w={180}
      data={picker.merge(options, (v) => v)}
      value={value}
      onChange={(uuid, option) => {
        picker.remember([option]);
        list.update({ filters: { affiliate_uuid: uuid ?? undefined } });
      }}
      {...picker.selectProps({ fetching: found.isFetching, failed: found.isError }, 'No affiliates found')}
    />
  );
}

/** Affiliate, status, currency, payment system and the period the invoices cover (overlapping it). */
export function InvoiceFilters({ list }: { list: ListStateApi }) {
  return (
    <>
      <AffiliateFilter list={list} />
      <FilterSelect list={list} name="status" label="Status" data={STATUS_OPTIONS} w={135} />
      <FilterSelect list={list} name="currency" label="Currency" data={CURRENCY_OPTIONS} w={95} />
      <FilterSelect list={list} name="payment_system" label="Payment system" data={PAYMENT_SYSTEM_OPTIONS} w={135} />
      <DateRangeFilter list={list} keys={DATE_RANGE} label="Period" w={140} />
    </>
  );
}
