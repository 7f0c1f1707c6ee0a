import { Select } from '@mantine/core';
import type { Option } from '@pxl/contract/constants/options';
import type { ListStateApi } from './use-list-state.ts';
import { useRemoteSearch } from '@/lib/use-remote-search.ts';

/**
 * A list filter whose options come from a search endpoint; the value (a UUID) lives in the URL. The picked
 * option's label is remembered (or named by `currentLabel` after a reload).
 */
export function RemoteFilter({
  list,
  name,
  label,
  placeholder,
  useOptions,
  currentLabel,
  w = 240,
}: {
  list: ListStateApi;
  name: string;
  label: string;
  placeholder: string;
  useOptions: (search: string) => { options: Option[]; fetching: boolean };
  currentLabel?: string;
  w?: number;
}) {
  const value = list.state.filters[name] ?? null;
  const picker = useRemoteSearch(value ? [value] : [], value && currentLabel ? [{ value, label: currentLabel }] : []);
  const found = useOptions(picker.query);
  return (
    <Select
      label={label}
      name={name}
      placeholder={placeholder}
      clearable
      w={w}
      data={picker.merge(found.options, (v) => v)}
      value={value}
      onChange={(uuid, option) => {
        picker.remember([option]);
        list.update({ filters: { [name]: uuid ?? undefined } });
      }}
      {...picker.selectProps(found, 'Nothing found')}
    />
  );
}
