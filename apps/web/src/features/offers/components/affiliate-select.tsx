import { MultiSelect, Select } from '@mantine/core';
import type { Affiliate } from '@pxl/contract/affiliates/affiliates.schemas';
import { useAffiliateOptions } from '../api/affiliate-options.ts';
import type { Option } from '@pxl/contract/constants/options';
import { useRemoteSearch } from '@/lib/use-remote-search.ts';

const affiliateOption = (a: Affiliate): Option => ({
  value: a.uuid,
  label: `${`${a.first_name} ${a.last_name}`.trim() || a.username || 'Affiliate'} (${a.email})`,
});

type Common = {
  known?: Option[];
  label?: string;
  error?: string;
  placeholder?: string;
  w?: number | string;
  name?: string;
  required?: boolean;
};

/** One affiliate in the caller's scope, found by name, email or ID. */
export function AffiliateSelect({
  value,
  onChange,
  known = [],
  label = 'Affiliate',
  placeholder = 'Search an affiliate',
  ...rest
}: Common & {
  value: string | null;
  onChange: (uuid: string | null) => void;
}) {
  const picker = useRemoteSearch(value ? [value] : [], known);
  const found = useAffiliateOptions(picker.query);
  return (
    <Select
      label={label}
      placeholder={placeholder}
      clearable
      {...rest}
      data={picker.merge((found.data?.list ?? []).map(affiliateOption))}
      value={value}
      onChange={(v, option) => {
        picker.remember([option]);
        onChange(v);
      }}
      {...picker.selectProps({ fetching: found.isFetching }, 'No affiliates')}
    />
  );
}

/** Several affiliates (trusted list). */
export function AffiliateMultiSelect({
  value,
  onChange,
  known = [],
  label = 'Affiliates',
  placeholder = 'Search affiliates',
  ...rest
}: Common & {
  value: string[];
  onChange: (uuids: string[]) => void;
}) {
  const picker = useRemoteSearch(value, known);
  const found = useAffiliateOptions(picker.query);
  const options = (found.data?.list ?? []).map(affiliateOption);
  return (
    <MultiSelect
      label={label}
      placeholder={placeholder}
      clearable
      {...rest}
      data={picker.merge(options)}
      value={value}
      onChange={(next) => {
        picker.remember(options.filter((o) => next.includes(o.value)));
        onChange(next);
      }}
      {...picker.selectProps({ fetching: found.isFetching }, 'No affiliates')}
    />
  );
}
