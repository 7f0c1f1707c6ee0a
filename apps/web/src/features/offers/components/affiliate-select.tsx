import { MultiSelect, Select } from '@mantine/core';
import type { Affiliate } from '@pxl/contract/affiliates/affiliates.schemas';
import { useAffiliateOptions } from '../api/affiliate-options.ts';
import type { Option } from '@pxl/contract/constants/options';
import { usePickerSearch } from './use-picker-search.ts';

const affiliateOption = (a: Affiliate): Option => ({ value: a.uuid, label: `${`${a.first_name} ${a.last_name}`.trim() || a.username || 'Affiliate'} (${a.email})` });

type Common = { known?: Option[]; label?: string; error?: string; placeholder?: string; w?: number | string; name?: string; required?: boolean };

/** One affiliate in the caller's scope, found by name, email or ID. */
export function AffiliateSelect({ value, onChange, known = [], label = 'Affiliate', placeholder = 'Search an affiliate', ...rest }: Common & {
  value: string | null;
  onChange: (uuid: string | null) => void;
}) {
  const picker = usePickerSearch(known);
  const found = useAffiliateOptions(picker.query);
  return (
    <Select label={label} placeholder={placeholder} searchable clearable {...rest}
      data={picker.merge((found.data?.list ?? []).map(affiliateOption), value ? [value] : [])} value={value}
      onChange={(v, option) => { if (option) picker.remember([option]); onChange(v); }}
      searchValue={picker.search} onSearchChange={picker.setSearch} filter={({ options: o }) => o}
      nothingFoundMessage={found.isFetching ? 'Searching…' : 'No affiliates'} comboboxProps={{ withinPortal: true }} />
  );
}

/** Several affiliates (trusted list). */
export function AffiliateMultiSelect({ value, onChange, known = [], label = 'Affiliates', placeholder = 'Search affiliates', ...rest }: Common & {
  value: string[];
  onChange: (uuids: string[]) => void;
}) {
  const picker = usePickerSearch(known);
  const found = useAffiliateOptions(picker.query);
  const options = (found.data?.list ?? []).map(affiliateOption);
  return (
    <MultiSelect label={label} placeholder={placeholder} searchable clearable {...rest}
      data={picker.merge(options, value)} value={value}
      onChange={(next) => { picker.remember(options.filter((o) => next.includes(o.value))); onChange(next); }}
      searchValue={picker.search} onSearchChange={picker.setSearch} filter={({ options: o }) => o}
      nothingFoundMessage={found.isFetching ? 'Searching…' : 'No affiliates'} comboboxProps={{ withinPortal: true }} />
  );
}
