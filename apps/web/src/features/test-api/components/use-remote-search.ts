import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import type { Option } from '@pxl/contract/constants/options';

/**
 * Search state of a Select fed by a list endpoint. The picked option's label is remembered, so it stays named
 * after the search moves on, and the label the Select writes into its input on a pick is not searched for
 * (that would narrow the list to the one picked option).
 */
export function useRemoteSearch() {
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<Option | null>(null);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const query = picked && debounced === picked.label ? '' : debounced;
  /** The picked option first (when the found list lacks it), then what the search found. */
  const options = (found: Option[]): Option[] =>
    picked && !found.some((o) => o.value === picked.value) ? [picked, ...found] : found;
  return { search, setSearch, query, remember: setPicked, options };
}
