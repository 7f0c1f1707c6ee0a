import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import type { Ref } from '@pxl/contract/http/list';
import type { Option } from '@pxl/contract/constants/options';

export const refOption = (r: Ref): Option => ({ value: r.uuid, label: r.email ? `${r.name} (${r.email})` : r.name });

/**
 * Search state of a picker fed by a list endpoint. The labels of options once seen are remembered,
 * so a picked value keeps its label after the search changes, and typing the picked label does not
 * search for it (that would hide every other option).
 */
export function usePickerSearch(known: Option[]) {
  const [search, setSearch] = useState('');
  const [seen, setSeen] = useState<Map<string, string>>(() => new Map());
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const labels = new Map(seen);
  for (const o of known) labels.set(o.value, o.label);
  const query = [...labels.values()].includes(debounced) ? '' : debounced;
  const remember = (options: Option[]) => setSeen((m) => {
    const next = new Map(m);
    for (const o of options) next.set(o.value, o.label);
    return next;
  });
  /** Known and picked options first, then what the search found. */
  const merge = (found: Option[], picked: string[]): Option[] => {
    const out = new Map<string, string>();
    for (const v of picked) if (labels.has(v)) out.set(v, labels.get(v)!);
    for (const o of found) out.set(o.value, o.label);
    return [...out].map(([value, label]) => ({ value, label }));
  };
  return { search, setSearch, query, remember, merge };
}
