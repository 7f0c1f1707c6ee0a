import { useState } from 'react';
import type { OptionsFilter } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Option } from '@pxl/contract/constants/options';
import { mergeOptions, nothingFoundText, searchQuery } from './remote-search.ts';

/** The server already searched: the picker shows what it found as it is. */
const keepAll: OptionsFilter = ({ options }) => options;

/**
 * Search state of a Select or MultiSelect fed by a search endpoint (`picked`: its current values). Labels of options
 * once seen, or given as `known`, are remembered, so picked values stay named after the search moves on.
 */
export function useRemoteSearch(picked: readonly string[], known: readonly Option[] = []) {
  const [search, setSearch] = useState('');
  const [seen, setSeen] = useState<ReadonlyMap<string, string>>(() => new Map());
  const [debounced] = useDebouncedValue(search, 300);
  const labels = new Map(seen);
  for (const o of known) labels.set(o.value, o.label);
  const remember = (options: readonly (Option | null | undefined)[]) => {
    const fresh = options.filter((o): o is Option => !!o && seen.get(o.value) !== o.label);
    if (fresh.length) setSeen((m) => new Map([...m, ...fresh.map((o) => [o.value, o.label] as const)]));
  };
  const merge = (found: readonly Option[], fallback?: (value: string) => string) =>
    mergeOptions(found, picked, labels, fallback);
  /** The Select props every remote picker shares: its search text, no filtering of what the server found, the empty text. */
  const selectProps = (state: { failed?: boolean; fetching: boolean }, none: string, failed?: string) => ({
    searchable: true,
    searchValue: search,
    onSearchChange: setSearch,
    filter: keepAll,
    nothingFoundMessage: nothingFoundText(state, none, failed),
    comboboxProps: { withinPortal: true },
  });
  return { search, setSearch, query: searchQuery(debounced, picked, labels), remember, merge, selectProps };
}
