import { MultiSelect } from '@mantine/core';
import { useRemoteSearch } from '@/lib/use-remote-search.ts';
import type { ListFilter } from './filter-state.ts';
import { FILTER_LABELS } from './filter-access.ts';
import { OPTION_HOOKS } from './use-filter-options.ts';
import type { StatSetup } from './stat-setup.ts';

/** A multi-select of one list filter; its options are searched (remotely where the source is a search) as you type. */
export function StatMultiSelect({
  name,
  value,
  onChange,
  setup,
  base,
}: {
  name: ListFilter;
  value: string[];
  onChange: (value: string[]) => void;
  setup: StatSetup;
  base: Record<string, string>;
}) {
  const picker = useRemoteSearch(value);
  const useOptions = OPTION_HOOKS[name];
  const found = useOptions({ search: picker.query, selected: value, open: true, setup, base });
  return (
    <MultiSelect
      label={FILTER_LABELS[name]}
      name={name}
      placeholder={value.length ? undefined : 'Any'}
      clearable
      data={picker.settled ? found.options : found.options.filter((o) => value.includes(o.value))}
      value={value}
      onChange={(next) => {
        onChange(next);
        picker.setSearch('');
      }}
      hidePickedOptions={false}
      maxDropdownHeight={260}
      {...picker.selectProps(found, 'Nothing found')}
    />
  );
}
