import { useState } from 'react';
import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ListFilter } from './filter-state.ts';
import { FILTER_LABELS } from './filter-access.ts';
import { OPTION_HOOKS } from './use-filter-options.ts';
import type { StatSetup } from './stat-setup.ts';

/** A multi-select of one list filter; its options are searched (remotely where the source is a search) as you type. */
export function StatMultiSelect({ name, value, onChange, setup, base }: {
  name: ListFilter;
  value: string[];
  onChange: (value: string[]) => void;
  setup: StatSetup;
  base: Record<string, string>;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const useOptions = OPTION_HOOKS[name];
  const found = useOptions({ search: debounced, selected: value, open: true, setup, base });
  return (
    <MultiSelect label={FILTER_LABELS[name]} name={name} placeholder={value.length ? undefined : 'Any'} searchable clearable
      data={found.options} value={value} onChange={(next) => { onChange(next); setSearch(''); }}
      searchValue={search} onSearchChange={setSearch} filter={({ options }) => options} hidePickedOptions={false}
      maxDropdownHeight={260} nothingFoundMessage={found.fetching ? 'Searching…' : 'Nothing found'}
      comboboxProps={{ withinPortal: true }} />
  );
}
