import { useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ListStateApi } from '@/components/data-table/index.ts';
import type { Option } from '@pxl/contract/constants/options';

/**
 * A list filter whose options come from a search endpoint; the value (a UUID) lives in the URL. The picked
 * option's label is remembered (or named by `currentLabel` after a reload), and the label the Select writes
 * into its input on a pick is not searched for.
 */
export function RemoteFilter({ list, name, label, placeholder, useOptions, currentLabel, w = 240 }: {
  list: ListStateApi;
  name: string;
  label: string;
  placeholder: string;
  useOptions: (search: string) => { options: Option[]; fetching: boolean };
  currentLabel?: string;
  w?: number;
}) {
  const value = list.state.filters[name] ?? null;
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<Option | null>(null);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const selectedLabel = value ? (picked?.value === value ? picked.label : currentLabel) : undefined;
  const found = useOptions(selectedLabel && debounced === selectedLabel ? '' : debounced);
  const data = value && !found.options.some((o) => o.value === value)
    ? [{ value, label: selectedLabel ?? value }, ...found.options] : found.options;
  return (
    <Select label={label} name={name} placeholder={placeholder} searchable clearable w={w} data={data} value={value}
      onChange={(uuid, option) => { setPicked(option ?? null); list.update({ filters: { [name]: uuid ?? undefined } }); }}
      searchValue={search} onSearchChange={setSearch} filter={({ options }) => options}
      nothingFoundMessage={found.fetching ? 'Searching…' : 'Nothing found'} comboboxProps={{ withinPortal: true }} />
  );
}
