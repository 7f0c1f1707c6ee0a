import { MultiSelect } from '@mantine/core';
import { useRemoteSearch } from '@/lib/use-remote-search.ts';
import { affiliateLabel, useAffiliateSearch } from '../api/search-affiliates.ts';

/** Affiliates to generate for, found by name, email or ID; none picked means every affiliate. */
export function AffiliatesPicker({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (uuids: string[]) => void;
  error?: string;
}) {
  const picker = useRemoteSearch(value);
  const found = useAffiliateSearch(picker.query);
  const options = (found.data?.list ?? []).map((a) => ({ value: a.uuid, label: affiliateLabel(a) }));
  return (
    <MultiSelect
      label="Affiliates"
      name="affiliate_uuids"
      placeholder={value.length ? undefined : 'Every affiliate'}
      clearable
      hidePickedOptions
      data={picker.merge(options, (uuid) => uuid)}
      value={value}
      error={error}
      onChange={(next) => {
        picker.remember(options);
        onChange(next);
      }}
      {...picker.selectProps({ failed: found.isError, fetching: found.isFetching }, 'No affiliates found')}
    />
  );
}
