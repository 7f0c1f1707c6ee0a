export { DataTable, type DataTableProps } from './data-table.tsx';
export { RecordLink } from './record-link.tsx';
export { useListState, type ListStateApi } from './use-list-state.ts';
export {
  parseListState,
  serializeListState,
  applyListPatch,
  listQuery,
  PAGE_SIZES,
  type ListConfig,
  type ListState,
} from './list-state.ts';
export { FilterSelect, DateRangeFilter, DayRangeInputs, CREATED_RANGE, DATE_RANGE } from './filters.tsx';
export type { DataColumn } from './types.ts';
export type { ExportSource } from './export-button.tsx';
export { ConfirmModal } from './confirm-modal.tsx';
export { RemoteFilter } from './remote-filter.tsx';
export { dateColumn, idColumn, managerColumn } from './columns.tsx';
export {
  RowMenu,
  EditItem,
  StatusItems,
  statusSteps,
  ACTIVATE,
  DEACTIVATE,
  DELETE,
  type StatusStep,
} from './row-menu.tsx';
export { useStatusChange, type StatusAsk } from './status-change.tsx';
export { queryProps, useExportSource, useDataList, rangeFilterLabels } from './table-query.ts';
export { ListFilters, listFilterLabels, createdList, type SelectFilter } from './list-filters.tsx';
