import type { ColdSource, LeadList } from '@pxl/contract/cold-api/cold.schemas';

/** URL keys of the add page's filters; lists are comma-separated, as the search endpoint reads them. */
export const SEARCH_FILTERS = [
  'date_from',
  'date_to',
  'offer',
  'affiliate',
  'product',
  'geo',
  'lead_status',
  'call_status',
  'conversion_status',
  'device',
  'os',
  'gender',
  'never_ftd',
] as const;
/** The list's saved filters as URL values (lists comma-separated). */
export const savedFilters = (filters: LeadList['filters'], source: ColdSource): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters ?? {})) {
    if (!(SEARCH_FILTERS as readonly string[]).includes(key)) continue;
    // The conversion status filters the conversion tab only; the server refuses it on the other.
    if (key === 'conversion_status' && source !== 'conversion') continue;
    if (Array.isArray(value) && value.length) out[key] = value.join(',');
    else if (typeof value === 'string' && value) out[key] = value;
    else if (value === true) out[key] = 'true';
  }
  return out;
};

/** The filters the search and "Add all" send: the URL's, the search text, and the zone the dates are days in. */
export const searchFilters = (state: { filters: Record<string, string>; search: string }, timeZone: string) => ({
  ...state.filters,
  ...(state.search ? { search: state.search } : {}),
  tz: timeZone,
});
