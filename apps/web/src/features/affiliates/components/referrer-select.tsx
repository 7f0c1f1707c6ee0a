import { useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Ref } from '@pxl/contract/http/list';
import { useAffiliates } from '../api/list-affiliates.ts';

/** Referral parent: an affiliate found by search (name, email or ID). */
export function ReferrerSelect({ value, current, exclude, onChange, error }: {
  value: string | null;
  current: Ref | null;
  exclude?: string;
  onChange: (uuid: string | null) => void;
  error?: string;
}) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const [debounced] = useDebouncedValue(search, 300);
  // The input shows the picked label; searching for that text would hide every other option.
  const query = debounced === chosen?.label || (current && debounced === `${current.name} (${current.email})`) ? '' : debounced;
  const found = useAffiliates({ page: 1, count: 20, search: query, order: 'desc' });
  const options = new Map<string, string>();
  if (current) options.set(current.uuid, `${current.name} (${current.email})`);
  if (chosen) options.set(chosen.value, chosen.label);
  for (const a of found.data?.list ?? []) {
    if (a.uuid !== exclude) options.set(a.uuid, `${a.first_name} ${a.last_name}`.trim() + ` (${a.email})`);
  }
  return (
    <Select label="Referral parent" placeholder="Search an affiliate" searchable clearable name="referrer_uuid"
      data={[...options].map(([v, label]) => ({ value: v, label }))} value={value}
      onChange={(v, option) => { setChosen(v ? { value: v, label: option?.label ?? v } : null); onChange(v); }}
      searchValue={search} onSearchChange={setSearch} filter={({ options: o }) => o} nothingFoundMessage="No affiliates"
      error={error} />
  );
}
