import { Select } from '@mantine/core';
import type { Ref } from '@pxl/contract/http/list';
import { useRemoteSearch } from '@/lib/use-remote-search.ts';
import { useAffiliateOptions } from '@/lib/queries/affiliate-options.ts';

/** Referral parent: an affiliate found by search (name, email or ID); the stored parent stays listed. */
export function ReferrerSelect({
  value,
  current,
  exclude,
  onChange,
  error,
}: {
  value: string | null;
  current: Ref | null;
  exclude?: string;
  onChange: (uuid: string | null) => void;
  error?: string;
}) {
  const picked = [...(current ? [current.uuid] : []), ...(value ? [value] : [])];
  const picker = useRemoteSearch(
    picked,
    current ? [{ value: current.uuid, label: `${current.name} (${current.email})` }] : [],
  );
  const found = useAffiliateOptions(picker.query);
  const options = (found.data ?? []).filter((o) => o.value !== exclude);
  return (
    <Select
      label="Referral parent"
      placeholder="Search an affiliate"
      clearable
      name="referrer_uuid"
      data={picker.merge(options)}
      value={value}
      onChange={(v, option) => {
        picker.remember([option]);
        onChange(v);
      }}
      error={error}
      {...picker.selectProps({ failed: found.isError, fetching: found.isFetching }, 'No affiliates')}
    />
  );
}
