import { useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { usePortalOfferSearch } from '../api/search-portal-offers.ts';
import type { OfferRef } from './settings-values.ts';

const label = (o: OfferRef) => `#${o.id} ${o.title}`;

/** One of the affiliate's offers, found by ID or title (GET /api/offers/v1/portal/list?search=). */
export function PortalOfferSelect({ value, onChange, error }: { value: OfferRef | null; onChange: (offer: OfferRef | null) => void; error?: string }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  // The picked offer's label sits in the input after a pick; searching for it would hide every other offer.
  const found = usePortalOfferSearch(value && debounced === label(value) ? '' : debounced);
  const offers = new Map<string, OfferRef>();
  if (value) offers.set(String(value.id), value);
  for (const o of found.data?.list ?? []) offers.set(String(o.id), { id: o.id, title: o.title });
  return (
    <Select label="Offer" placeholder="Search by ID or title" searchable required w={{ base: '100%', sm: 340 }} error={error}
      data={[...offers.values()].map((o) => ({ value: String(o.id), label: label(o) }))} value={value ? String(value.id) : null}
      onChange={(id) => onChange(id ? (offers.get(id) ?? null) : null)}
      searchValue={search} onSearchChange={setSearch} filter={({ options }) => options}
      nothingFoundMessage={found.isError ? 'Offers could not be loaded' : found.isFetching ? 'Searching…' : 'No offers found'}
      comboboxProps={{ withinPortal: true }} />
  );
}
