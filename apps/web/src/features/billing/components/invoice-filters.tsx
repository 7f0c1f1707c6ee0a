import { DATE_RANGE, DateRangeFilter, FilterSelect, type ListStateApi } from '@/components/data-table/index.ts';
import { AffiliateSelect } from '@/components/pickers/affiliate-picker.tsx';
import { useAffiliateName } from '@/lib/queries/affiliate-options.ts';
import { PAYMENT_SYSTEM_OPTIONS, STATUS_OPTIONS } from './invoice-labels.tsx';
import { CURRENCY_OPTIONS } from '@/lib/options.ts';

/** The affiliate filter: found by name, email or ID; its UUID lives in the URL and is named after a reload. */
function AffiliateFilter({ list }: { list: ListStateApi }) {
  const value = list.state.filters.affiliate_uuid ?? null;
  const name = useAffiliateName(value ?? undefined);
  return (
    <AffiliateSelect
      name="affiliate_uuid"
      placeholder="Any affiliate"
      w={180}
      known={value && name.data ? [{ value, label: name.data }] : []}
      fallback={(v) => v}
      value={value}
      onChange={(uuid) => list.update({ filters: { affiliate_uuid: uuid ?? undefined } })}
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
