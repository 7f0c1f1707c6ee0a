export { StatFilterBar } from './stat-filter-bar.tsx';
export { useStatFilters, type StatFiltersApi } from './use-stat-filters.ts';
export type { StatSetup } from './stat-setup.ts';
export { withListValue, LIST_FILTERS, SUB_FILTERS, type StatFilterState, type ListFilter } from './filter-state.ts';
export { FILTER_LABELS, listFiltersFor } from './filter-access.ts';
