import { CONVERSION_STATUSES } from '@pxl/contract/conversions/conversions.schemas';
import { DAY, DEFAULT_PRESET, presetRange, type DateRange } from './date-presets.ts';

// The statistics filters live in the URL so a link reproduces the view. Lists are comma-separated, the way the
// contract's statFiltersSchema reads them, so the URL and the API query say the same.

export const LIST_FILTERS = [
  'offer',
  'affiliate',
  'advertiser',
  'product',
  'landing',
  'manager',
  'account_manager',
  'geo',
  'device',
  'os',
  'status',
] as const;
export type ListFilter = (typeof LIST_FILTERS)[number];
export const SUB_FILTERS = ['sub1', 'sub2', 'sub3', 'sub4', 'sub5'] as const;
export type SubFilter = (typeof SUB_FILTERS)[number];
export type FilterKey = ListFilter | SubFilter;

/** Every URL key the filter bar owns (a screen's own keys, like group or page, are left alone). */
export const STAT_URL_KEYS = ['date_from', 'date_to', 'tz', ...LIST_FILTERS, ...SUB_FILTERS] as const;

export type StatFilterState = {
  date_from?: string;
  date_to?: string;
  tz?: string;
  lists: Partial<Record<ListFilter, string[]>>;
  subs: Partial<Record<SubFilter, string>>;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The filters by record (offer … account manager) come first and take UUIDs. */
const UUID_LISTS: readonly ListFilter[] = LIST_FILTERS.slice(0, LIST_FILTERS.indexOf('geo'));
const STATUSES: readonly string[] = CONVERSION_STATUSES;

/** Values the server would refuse (a hand-edited URL) are dropped instead of failing the report. */
function validValue(key: ListFilter, value: string): string | null {
  if (UUID_LISTS.includes(key)) return UUID.test(value) ? value.toLowerCase() : null;
  if (key === 'geo') return /^[a-z]{2}$/i.test(value) ? value.toUpperCase() : null;
  if (key === 'status') return STATUSES.includes(value) ? value : null;
  return value.length <= 30 ? value : null;
}

export const splitList = (text: string | null): string[] =>
  (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export function parseStatFilters(params: URLSearchParams): StatFilterState {
  const state: StatFilterState = { lists: {}, subs: {} };
  const from = params.get('date_from');
  const to = params.get('date_to');
  // A range only counts whole and in order; half a range would silently mean "from the epoch".
  if (from && to && DAY.test(from) && DAY.test(to) && from <= to)
    Object.assign(state, { date_from: from, date_to: to });
  const tz = params.get('tz')?.trim();
  if (tz) state.tz = tz;
  for (const key of LIST_FILTERS) {
    const values = [
      ...new Set(
        splitList(params.get(key))
          .map((v) => validValue(key, v))
          .filter((v): v is string => v !== null),
      ),
    ];
    if (values.length > 0) state.lists[key] = values.slice(0, key === 'geo' ? 300 : 50);
  }
  for (const key of SUB_FILTERS) {
    const value = params.get(key)?.trim().slice(0, 200);
    if (value) state.subs[key] = value;
  }
  return state;
}

/** Writes the filters over `base`, keeping the screen's own keys; any change sends a paged table back to page 1. */
export function writeStatFilters(
  state: StatFilterState,
  base: URLSearchParams,
  defaultTimeZone: string,
): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const key of [...STAT_URL_KEYS, 'page']) params.delete(key);
  if (state.date_from && state.date_to) {
    params.set('date_from', state.date_from);
    params.set('date_to', state.date_to);
  }
  if (state.tz && state.tz !== defaultTimeZone) params.set('tz', state.tz);
  for (const key of LIST_FILTERS) {
    const v = state.lists[key];
    if (v?.length) params.set(key, v.join(','));
  }
  for (const key of SUB_FILTERS) {
    const v = state.subs[key]?.trim();
    if (v) params.set(key, v);
  }
  return params;
}

/** The effective zone and range: the URL's, or the partner zone and the server's default range. */
export function effectiveRange(
  state: StatFilterState,
  defaultTimeZone: string,
  now: Date = new Date(),
): DateRange & { tz: string } {
  const tz = state.tz ?? defaultTimeZone;
  const range =
    state.date_from && state.date_to
      ? { from: state.date_from, to: state.date_to }
      : presetRange(DEFAULT_PRESET, tz, now);
  return { ...range, tz };
}

/**
 * The statistics API query of the filters (statFiltersSchema without `kind`). The dates are always sent, so the
 * table, the chart and an export of one view cover the same days even across midnight.
 */
export function statFilterQuery(
  state: StatFilterState,
  defaultTimeZone: string,
  now: Date = new Date(),
): Record<string, string> {
  const { from, to, tz } = effectiveRange(state, defaultTimeZone, now);
  const query: Record<string, string> = { date_from: from, date_to: to, tz };
  for (const key of LIST_FILTERS) {
    const v = state.lists[key];
    if (v?.length) query[key] = v.join(',');
  }
  for (const key of SUB_FILTERS) {
    const v = state.subs[key];
    if (v) query[key] = v;
  }
  return query;
}

/** How many filters are set besides dates and zone (the badge on the Filters button). */
export const activeFilterCount = (state: StatFilterState): number =>
  Object.values(state.lists).filter((v) => v && v.length > 0).length + Object.values(state.subs).filter(Boolean).length;

/** The state with one filter value added or removed (a click on a report row, a chip's ×). */
export function withListValue(
  state: StatFilterState,
  key: ListFilter,
  value: string,
  present: boolean,
): StatFilterState {
  const current = state.lists[key] ?? [];
  const next = present ? [...new Set([...current, value])] : current.filter((v) => v !== value);
  return { ...state, lists: { ...state.lists, [key]: next } };
}
