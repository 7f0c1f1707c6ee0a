import { TextInput } from '@mantine/core';
import { GEO_OPTIONS } from '@/lib/options.ts';
import { rangeFilterLabels, DateRangeFilter, FilterSelect, type ListStateApi } from '@/components/data-table/index.ts';
import { useManagerOptions } from '@/lib/queries/manager-options.ts';
import { statusLabel } from '@/lib/labels.ts';
import { STATUS_OPTIONS } from './affiliate-status.tsx';

/** Status, manager, geo, tag and registration date filters of the affiliates list. */
export function AffiliateFilters({ list }: { list: ListStateApi }) {
  const managers = useManagerOptions();
  return (
    <>
      <FilterSelect list={list} name="status" label="Status" data={STATUS_OPTIONS} w={150} />
      <FilterSelect list={list} name="manager_uuid" label="Manager" data={managers.options} searchable />
      <FilterSelect list={list} name="geo" label="Geo" data={GEO_OPTIONS} searchable w={170} />
      <TextInput
        label="Tag"
        name="tag"
        w={130}
        placeholder="Any"
        defaultValue={list.state.filters.tag ?? ''}
        key={list.state.filters.tag ?? ''}
        onBlur={(e) => list.update({ filters: { tag: e.currentTarget.value.trim() || undefined } })}
        onKeyDown={(e) => {
          if (e.key === 'Enter') list.update({ filters: { tag: e.currentTarget.value.trim() || undefined } });
        }}
      />
      <DateRangeFilter list={list} />
    </>
  );
}

/** How active filters read in the empty state. */
export function useAffiliateFilterLabels(): Record<string, (value: string) => string> {
  const managers = useManagerOptions();
  return {
    status: (v) => `Status: ${statusLabel(v)}`,
    manager_uuid: (v) => `Manager: ${managers.options.find((o) => o.value === v)?.label ?? v}`,
    geo: (v) => `Geo: ${v}`,
    tag: (v) => `Tag: ${v}`,
    ...rangeFilterLabels(),
  };
}
