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

export type RangeKeys = readonly [from: string, to: string];
export const CREATED_RANGE: RangeKeys = ['created_from', 'created_to'];
export const DATE_RANGE: RangeKeys = ['date_from', 'date_to'];

/** "<label> from" / "<label> to", or plain "From" / "To" without a label. */
export const rangeLabels = (label: string): RangeKeys => (label ? [`${label} from`, `${label} to`] : ['From', 'To']);

/** Two day inputs (YYYY-MM-DD) named after `keys`, for a range held outside the list's URL. */
export function DayRangeInputs({
  keys = DATE_RANGE,
  label = '',
  values,
  onChange,
  w = 150,
}: {
  keys?: RangeKeys;
  label?: string;
  values: readonly [from: string, to: string];
  onChange: (key: string, value: string) => void;
  w?: number | 'auto';
}) {
  const labels = rangeLabels(label);
  return (
    <>
      {keys.map((key, i) => (
        <TextInput
          key={key}
          type="date"
          label={labels[i]}
          name={key}
          w={w}
          value={values[i]}
          onChange={(e) => onChange(key, e.currentTarget.value)}
        />
      ))}
    </>
  );
}

/** A date range bound to two URL filters of the list (registration dates unless `keys` says otherwise). */
export function DateRangeFilter({
  list,
  keys = CREATED_RANGE,
  label = 'Registered',
  w,
}: {
  list: ListStateApi;
  keys?: RangeKeys;
  label?: string;
  w?: number | 'auto';
}) {
  const { filters } = list.state;
  return (
    <DayRangeInputs
      keys={keys}
      label={label}
      w={w}
      values={[filters[keys[0]] ?? '', filters[keys[1]] ?? '']}
      onChange={(key, value) => list.update({ filters: { [key]: value || undefined } })}
    />
  );
}
