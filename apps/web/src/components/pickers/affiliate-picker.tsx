import { MultiSelect, Select } from '@mantine/core';
import type { Option } from '@pxl/contract/constants/options';
import { useAffiliateOptions } from '@/lib/queries/affiliate-options.ts';
import { useRemoteSearch } from '@/lib/use-remote-search.ts';

type Common = {
  /** Labels of values picked before this screen searched (a saved record's affiliates). */
  known?: Option[];
  /** Names a picked value no search or `known` has named yet; without it such a value is not shown. */
  fallback?: (uuid: string) => string;
  label?: string;
  error?: string;
  placeholder?: string;
  w?: number | string;
  name?: string;
  required?: boolean;
};

const NONE = 'No affiliates found';

/** One affiliate in the caller's scope, found by name, email or ID. */
export function AffiliateSelect({
  value,
  onChange,
  known = [],
  fallback,
  label = 'Affiliate',
  placeholder = 'Search an affiliate',
  ...rest
}: Common & { value: string | null; onChange: (uuid: string | null) => void }) {
  const picker = useRemoteSearch(value ? [value] : [], known);
  const found = useAffiliateOptions(picker.query);
  return (
    <Select
      label={label}
      placeholder={placeholder}
      clearable
      {...rest}
      data={picker.merge(found.data ?? [], fallback)}
      value={value}
      onChange={(v, option) => {
        picker.remember([option]);
        onChange(v);
      }}
      {...picker.selectProps({ failed: found.isError, fetching: found.isFetching }, NONE)}
    />
  );
}

/** Several affiliates (a trusted list, the affiliates to invoice). */
export function AffiliateMultiSelect({
  value,
  onChange,
  known = [],
  fallback,
  label = 'Affiliates',
  placeholder = 'Search affiliates',
  hidePickedOptions,
  ...rest
}: Common & { value: string[]; onChange: (uuids: string[]) => void; hidePickedOptions?: boolean }) {
  const picker = useRemoteSearch(value, known);
  const found = useAffiliateOptions(picker.query);
  const options = found.data ?? [];
  return (
    <MultiSelect
      label={label}
      placeholder={placeholder}
      clearable
      hidePickedOptions={hidePickedOptions}
      {...rest}
      data={picker.merge(options, fallback)}
      value={value}
      onChange={(next) => {
        picker.remember(options.filter((o) => next.includes(o.value)));
        onChange(next);
      }}
      {...picker.selectProps({ failed: found.isError, fetching: found.isFetching }, NONE)}
    />
  );
}
