import type { Option } from '@pxl/contract/constants/options';

/**
 * The text sent to the search endpoint. The label of a picked value is not searched for: a Select writes it into
 * its input on a pick, and searching for it would narrow the list to the one picked option.
 */
export function searchQuery(typed: string, picked: readonly string[], labels: ReadonlyMap<string, string>): string {
  const text = typed.trim();
  return picked.some((value) => labels.get(value) === text) ? '' : text;
}

/**
 * The options a picker shows: picked values the search did not find first (named from `labels`, or by `fallback`,
 * or left out when neither names them), then what the search found, in its order.
 */
export function mergeOptions(
  found: readonly Option[],
  picked: readonly string[],
  labels: ReadonlyMap<string, string>,
  fallback?: (value: string) => string,
): Option[] {
  const foundValues = new Set(found.map((o) => o.value));
  const missing: Option[] = [];
  for (const value of new Set(picked)) {
    const label = labels.get(value) ?? fallback?.(value);
    if (!foundValues.has(value) && label !== undefined) missing.push({ value, label });
  }
  return [...missing, ...found];
}

/** What the dropdown says while the list is empty: a failed search, a running one, or none found. */
export const nothingFoundText = (
  state: { failed?: boolean; fetching: boolean },
  none: string,
  failed = none,
): string => (state.failed ? failed : state.fetching ? 'Searching…' : none);
