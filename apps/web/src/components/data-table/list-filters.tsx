import type { Option } from '@pxl/contract/constants/options';
import { CREATED_RANGE, DateRangeFilter, FilterSelect } from './filters.tsx';
import type { ListConfig } from './list-state.ts';
import { rangeFilterLabels } from './table-query.ts';
import type { ListStateApi } from './use-list-state.ts';

/** One Select filter of a list; `text` names a value among the active filters (its option's label by default). */
export type SelectFilter = {
  name: string;
  label: string;
  data: Option[];
  w?: number;
  searchable?: boolean;
  text?: (value: string) => string;
};

/** The filters of a list: its Selects, then its created-date range labelled `range`. */
export function ListFilters({
  list,
  selects,
  range = 'Registered',
}: {
  list: ListStateApi;
  selects: readonly SelectFilter[];
  range?: string;
}) {
  return (
    <>
      {selects.map((s) => (
        <FilterSelect
          key={s.name}
          list={list}
          name={s.name}
          label={s.label}
          data={s.data}
          searchable={s.searchable}
          w={s.w}
        />
      ))}
      <DateRangeFilter list={list} label={range} />
    </>
  );
}

/** How the filters of ListFilters read among the active filters: "Status: Active", "Created from 2026-03-01". */
export function listFilterLabels(selects: readonly SelectFilter[], range = 'Registered') {
  const labels: Record<string, (value: string) => string> = {};
  for (const s of selects)
    labels[s.name] = (v) => `${s.label}: ${s.text ? s.text(v) : (s.data.find((o) => o.value === v)?.label ?? v)}`;
  return { ...labels, ...rangeFilterLabels(range) };
}

/** A list filtered by the named Selects and the created-date range of ListFilters. */
export const createdList = (selects: readonly string[], sorts: readonly string[], defaultSort: string): ListConfig => ({
  filters: [...selects, ...CREATED_RANGE],
  sorts,
  defaultSort,
});
