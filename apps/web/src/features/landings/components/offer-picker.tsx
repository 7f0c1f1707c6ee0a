import { useState } from 'react';
import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useOfferSearch } from '../api/search-offers.ts';
import { offerLabel } from './landing-labels.ts';
import type { Option } from '@pxl/contract/constants/options';

/**
 * Offers attached to the landing, found by ID or title through the offers list. Labels of offers once seen are
 * kept, so picked offers stay named after the search moves on.
 */
export function OfferPicker({ value, onChange, known, error }: {
  value: string[];
  onChange: (uuids: string[]) => void;
  known: Option[];
  error?: string;
}) {
  const [search, setSearch] = useState('');
  const [seen, setSeen] = useState<Map<string, string>>(() => new Map(known.map((o) => [o.value, o.label])));
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const found = useOfferSearch(debounced);
  const options = (found.data?.list ?? []).filter((o) => o.status !== 'deleted').map((o) => ({ value: o.uuid, label: offerLabel(o) }));
  const data = new Map<string, string>();
  for (const uuid of value) data.set(uuid, seen.get(uuid) ?? uuid);
  for (const o of options) data.set(o.value, o.label);
  const pick = (next: string[]) => {
    setSeen((m) => new Map([...m, ...options.map((o) => [o.value, o.label] as const)]));
    onChange(next);
  };
  const nothing = found.isError ? 'Offers could not be loaded' : found.isFetching ? 'Searching…' : 'No offers found';
  return (
    <MultiSelect label="Offers attached" name="offer_uuids" placeholder={value.length ? undefined : 'Search offers by ID or title'}
      description="The offers this landing is offered with" inputWrapperOrder={['label', 'input', 'description', 'error']} searchable clearable hidePickedOptions
      data={[...data].map(([v, label]) => ({ value: v, label }))} value={value} onChange={pick}
      searchValue={search} onSearchChange={setSearch} filter={({ options: o }) => o} error={error}
      nothingFoundMessage={nothing} comboboxProps={{ withinPortal: true }} />
  );
}
