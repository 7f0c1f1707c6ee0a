import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@pxl/contract/http/messages';

/** Page sizes offered by the pager; never above the server's maximum (docs/product/api-and-errors.md). */
export const PAGE_SIZES = [20, 50, 100].filter((n) => n <= MAX_PAGE_SIZE);

export type SortOrder = 'asc' | 'desc';

export type ListConfig = {
  /** URL keys of this list's filters (besides page, count, search, sort and order). */
  filters?: readonly string[];
  /** Server sort fields this list accepts; any other `sort` in the URL is ignored. */
  sorts?: readonly string[];
  defaultSort?: string;
  defaultOrder?: SortOrder;
};

export type ListState = {
  page: number;
  count: number;
  search: string;
  sort?: string;
  order: SortOrder;
  filters: Record<string, string>;
};

export type ListPatch = Partial<Omit<ListState, 'filters'>> & { filters?: Record<string, string | undefined> };

const positiveInt = (text: string | null): number | null => {
  if (!text || !/^\d+$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 ? n : null;
};

/** Reads a list's state from URL search params; anything invalid falls back to the default. */
export function parseListState(params: URLSearchParams, config: ListConfig = {}): ListState {
  const count = positiveInt(params.get('count'));
  const sort = params.get('sort') ?? undefined;
  const order = params.get('order');
  const filters: Record<string, string> = {};
  for (const key of config.filters ?? []) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  return {
    page: positiveInt(params.get('page')) ?? 1,
    count: count !== null && PAGE_SIZES.includes(count) ? count : DEFAULT_PAGE_SIZE,
    search: params.get('search')?.trim() ?? '',
    sort: sort && (!config.sorts || config.sorts.includes(sort)) ? sort : config.defaultSort,
    order: order === 'asc' || order === 'desc' ? order : (config.defaultOrder ?? 'desc'),
    filters,
  };
}

/** Writes the state back, leaving out defaults so links stay short; keeps unrelated params. */
export function serializeListState(state: ListState, config: ListConfig = {}, base?: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(base);
  const set = (key: string, value: string | undefined, fallback?: string) => {
    if (value === undefined || value === '' || value === fallback) params.delete(key);
    else params.set(key, value);
  };
  set('page', String(state.page), '1');
  set('count', String(state.count), String(DEFAULT_PAGE_SIZE));
  set('search', state.search);
  set('sort', state.sort, config.defaultSort);
  set('order', state.order, config.defaultOrder ?? 'desc');
  for (const key of config.filters ?? []) set(key, state.filters[key]);
  return params;
}

/** Applies a change; anything but a page change sends the user back to page 1. */
export function applyListPatch(state: ListState, patch: ListPatch): ListState {
  const filters = { ...state.filters };
  for (const [key, value] of Object.entries(patch.filters ?? {})) {
    if (value === undefined || value === '') delete filters[key];
    else filters[key] = value;
  }
  const onlyPage = Object.keys(patch).every((key) => key === 'page');
  return { ...state, ...patch, filters, page: onlyPage ? (patch.page ?? state.page) : 1 };
}

/** The API query of a list state: paging, search, sorting and filters; empty values left out. */
export function listQuery(state: ListState): Record<string, string | number> {
  const query: Record<string, string | number> = { page: state.page, count: state.count, order: state.order };
  if (state.search) query.search = state.search;
  if (state.sort) query.sort = state.sort;
  return { ...query, ...state.filters };
}

/** Number of active filters and search, for the empty state and a "clear" button. */
export const activeFilterCount = (state: ListState): number =>
  Object.keys(state.filters).length + (state.search ? 1 : 0);
