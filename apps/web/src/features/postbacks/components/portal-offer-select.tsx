import { Select } from '@mantine/core';
import { useRemoteSearch } from '@/lib/use-remote-search.ts';
import { usePortalOfferSearch } from '../api/search-portal-offers.ts';
import type { OfferRef } from './settings-values.ts';

const label = (o: OfferRef) => `#${o.id} ${o.title}`;

/** One of the affiliate's offers, found by ID or title (GET /api/offers/v1/portal/list?search=). */
export function PortalOfferSelect({
  value,
  onChange,
  error,
}: {
  value: OfferRef | null;
  onChange: (offer: OfferRef | null) => void;
  error?: string;
}) {
  const picker = useRemoteSearch(
    value ? [String(value.id)] : [],
    value ? [{ value: String(value.id), label: label(value) }] : [],
  );
  const found = usePortalOfferSearch(picker.query);
  const offers = new Map<string, OfferRef>();
  if (value) offers.set(String(value.id), value);
  for (const o of found.data?.list ?? []) offers.set(String(o.id), { id: o.id, title: o.title });
  const options = (found.data?.list ?? []).map((o) => ({ value: String(o.id), label: label(o) }));
  return (
    <Select
      label="Offer"
      placeholder="Search by ID or title"
      required
      w={{ base: '100%', sm: 340 }}
      error={error}
      data={picker.merge(options)}
      value={value ? String(value.id) : null}
      onChange={(id) => onChange(id ? (offers.get(id) ?? null) : null)}
      {...picker.selectProps(
        { failed: found.isError, fetching: found.isFetching },
        'No offers found',
        'Offers could not be loaded',
      )}
    />
  );
}
