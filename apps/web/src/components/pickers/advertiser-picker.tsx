import { Select } from '@mantine/core';
import type { Option } from '@pxl/contract/constants/options';
import { advertiserLabel, useAdvertiserOptions } from '@/lib/queries/advertiser-options.ts';
import { useRemoteSearch } from '@/lib/use-remote-search.ts';

/** One advertiser in the caller's scope, found by company, name, email or ID. */
export function AdvertiserSelect({
  value,
  known = [],
  onChange,
  label = 'Advertiser',
  error,
  required,
  w,
  placeholder = 'Search an advertiser',
}: {
  value: string | null;
  known?: Option[];
  onChange: (uuid: string | null) => void;
  label?: string;
  error?: string;
  required?: boolean;
  w?: number;
  placeholder?: string;
}) {
  const picker = useRemoteSearch(value ? [value] : [], known);
  const found = useAdvertiserOptions(picker.query);
  const options = (found.data?.list ?? []).map((a) => ({ value: a.uuid, label: advertiserLabel(a) }));
  return (
    <Select
      label={label}
      placeholder={placeholder}
      clearable
      name="advertiser_uuid"
      required={required}
      w={w}
      data={picker.merge(options)}
      value={value}
      error={error}
      onChange={(v, option) => {
        picker.remember([option]);
        onChange(v);
      }}
      {...picker.selectProps({ fetching: found.isFetching }, 'No advertisers')}
    />
  );
}
