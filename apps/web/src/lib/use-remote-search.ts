import { useState } from 'react';
import type { OptionsFilter } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Option } from '@pxl/contract/constants/options';
import { mergeOptions, nothingFoundText, searchQuery } from './remote-search.ts';

/** The server already searched: the picker shows what it found as it is. */
const keepAll: OptionsFilter = ({ options }) => options;

/**
 * Search state of a Select or MultiSelect fed by a search endpoint (`picked`: its current values). Labels of options
 * once seen, or given as `known`, are remembered, so picked values stay named after the search moves on. The search
 * query must hold no placeholder data (no `keepPreviousData`): options shown are always the answer to `query`.
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
  const query = searchQuery(debounced, picked, labels);
  // While the typed text waits for its debounce, what was found answers an older text, and a click on it could land
  // on an option the next answer replaces: only picked values are offered until the search catches up.
  const settled = searchQuery(search, picked, labels) === query;
  const merge = (found: readonly Option[], fallback?: (value: string) => string) =>
    mergeOptions(settled ? found : [], picked, labels, fallback);
  /** The Select props every remote picker shares: its search text, no filtering of what the server found, the empty text. */
  const selectProps = (state: { failed?: boolean; fetching: boolean }, none: string, failed?: string) => ({
    searchable: true,
    searchValue: search,
    onSearchChange: setSearch,
    filter: keepAll,
    nothingFoundMessage: nothingFoundText({ ...state, fetching: state.fetching || !settled }, none, failed),
    comboboxProps: { withinPortal: true },
  });
  return { search, setSearch, query, settled, remember, merge, selectProps };
}
