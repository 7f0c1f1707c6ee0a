import { Select } from '@mantine/core';
import type { Affiliate } from '@pxl/contract/affiliates/affiliates.schemas';
import { useAffiliateSearch } from '../api/search-affiliates.ts';
import { useRemoteSearch } from '@/lib/use-remote-search.ts';

const label = (a: Affiliate) => `${`${a.first_name} ${a.last_name}`.trim() || a.username || 'Affiliate'} (${a.email})`;

/** The affiliate a test runs for (the simulated click, the test lead), found by name, email or ID. */
export function AffiliateSelect({
  value,
  onChange,
  error,
}: {
  value: string | null;
  onChange: (uuid: string | null) => void;
  error?: string;
}) {
  const picker = useRemoteSearch(value ? [value] : []);
  const found = useAffiliateSearch(picker.query);
  const data = picker.merge((found.data?.list ?? []).map((a) => ({ value: a.uuid, label: label(a) })));
  return (
    <Select
      label="Affiliate"
      name="affiliate_uuid"
      required
      placeholder="Search by name, email or ID"
      clearable
      data={data}
      value={value}
      error={error}
      onChange={(uuid, option) => {
        picker.remember([option]);
        onChange(uuid);
      }}
      {...picker.selectProps({ fetching: found.isFetching }, 'No affiliates')}
    />
  );
}
