import { Select, TextInput } from '@mantine/core';
import type { ListStateApi } from './use-list-state.ts';
import type { Option } from '@pxl/contract/constants/options';

/** A Select bound to one URL filter of the list (changing it resets the page to 1). */
export function FilterSelect({
  list,
  name,
  label,
  data,
  searchable,
  w = 180,
}: {
  list: ListStateApi;
  name: string;
  label: string;
  data: Option[];
  searchable?: boolean;
  w?: number;
}) {
  return (
    <Select
      label={label}
      name={name}
      placeholder="All"
      clearable
      searchable={searchable}
      w={w}
      data={data}
      value={list.state.filters[name] ?? null}
      onChange={(value) => list.update({ filters: { [name]: value ?? undefined } })}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** Registration (created) date range: created_from and created_to as YYYY-MM-DD. */
export function DateRangeFilter({ list, label = 'Registered' }: { list: ListStateApi; label?: string }) {
  const set = (key: 'created_from' | 'created_to', value: string) =>
    list.update({ filters: { [key]: value || undefined } });
  return (
    <>
      <TextInput
        type="date"
        label={`${label} from`}
        name="created_from"
        w={150}
        value={list.state.filters.created_from ?? ''}
        onChange={(e) => set('created_from', e.currentTarget.value)}
      />
      <TextInput
        type="date"
        label={`${label} to`}
        name="created_to"
        w={150}
        value={list.state.filters.created_to ?? ''}
        onChange={(e) => set('created_to', e.currentTarget.value)}
      />
    </>
  );
}
