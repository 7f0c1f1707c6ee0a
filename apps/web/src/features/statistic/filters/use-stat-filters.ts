import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { listFiltersFor } from './filter-access.ts';
import {
  activeFilterCount,
  effectiveRange,
  parseStatFilters,
  statFilterQuery,
  writeStatFilters,
  type StatFilterState,
} from './filter-state.ts';
import type { StatSetup } from './stat-setup.ts';

/**
 * The statistics filters of the URL: the parsed state, the API query (kind, dates, zone and filters, as
 * statFiltersSchema reads it) and a setter. Filters the role may not use (a link from an admin) are left out.
 */
export function useStatFilters(setup: StatSetup) {
  const [params, setParams] = useSearchParams();
  const { role, kind, defaultTimeZone, omitFilters } = setup;
  const state = useMemo(() => {
    const parsed = parseStatFilters(params);
    const allowed = listFiltersFor(role, kind, omitFilters);
    const lists = Object.fromEntries(Object.entries(parsed.lists).filter(([key]) => allowed.includes(key as never)));
    return { ...parsed, lists } as StatFilterState;
  }, [params, role, kind, omitFilters]);
  const query = useMemo(() => ({ kind, ...statFilterQuery(state, defaultTimeZone) }), [state, kind, defaultTimeZone]);
  const range = useMemo(() => effectiveRange(state, defaultTimeZone), [state, defaultTimeZone]);
  const set = useCallback(
    (next: StatFilterState) => setParams((current) => writeStatFilters(next, current, defaultTimeZone)),
    [setParams, defaultTimeZone],
  );
  return { state, query, range, set, active: activeFilterCount(state), setup };
}

export type StatFiltersApi = ReturnType<typeof useStatFilters>;
