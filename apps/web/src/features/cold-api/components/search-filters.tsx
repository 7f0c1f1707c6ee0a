import { Checkbox, MultiSelect, Paper, SimpleGrid } from '@mantine/core';
import type { ColdOptions, ColdSource } from '@pxl/contract/cold-api/cold.schemas';
import { DEVICES, GENDERS, LEAD_HISTORY_STATUSES, OSS } from '@pxl/contract/constants/constants.data';
import { GEO_OPTIONS } from '@/lib/options.ts';
import type { Option } from '@pxl/contract/constants/options';
import { CONVERSION_STATUSES } from '@pxl/contract/conversions/conversions.schemas';
import { LEAD_STATUSES } from '@pxl/contract/leads/leads.schemas';
import { DATE_RANGE, DateRangeFilter, type ListStateApi } from '@/components/data-table/index.ts';
import { statusLabel, statusOptions } from '@/lib/labels.ts';
import { offerText } from './cold-labels.tsx';
import { SEARCH_FILTERS } from './search-query.ts';

export { SEARCH_FILTERS };

type MultiKey = Exclude<(typeof SEARCH_FILTERS)[number], 'date_from' | 'date_to' | 'never_ftd'>;

const fixed = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
const mapped = (map: Record<string, string>) => Object.entries(map).map(([value, label]) => ({ value, label }));
const STATIC: Partial<Record<MultiKey, Option[]>> = {
  geo: GEO_OPTIONS,
  lead_status: statusOptions(LEAD_STATUSES),
  call_status: mapped(LEAD_HISTORY_STATUSES),
  conversion_status: statusOptions(CONVERSION_STATUSES),
  device: fixed(DEVICES),
  os: fixed(OSS),
  gender: mapped(GENDERS),
};

export const FILTER_NAMES: Record<(typeof SEARCH_FILTERS)[number], string> = {
  date_from: 'From',
  date_to: 'To',
  offer: 'Offer',
  affiliate: 'Affiliate',
  product: 'Product',
  geo: 'Geo',
  lead_status: 'Lead status',
  call_status: 'Call status',
  conversion_status: 'Conversion status',
  device: 'Device',
  os: 'OS',
  gender: 'Gender',
  never_ftd: 'Never FTD',
};

/** Options of the record pickers from the distribution options (API offers, their products, affiliates in scope). */
export function recordOptions(options: ColdOptions | undefined): Partial<Record<MultiKey, Option[]>> {
  const products = new Map<string, string>();
  for (const o of options?.offers ?? []) for (const p of o.products) products.set(p.uuid, p.name);
  return {
    offer: (options?.offers ?? []).map((o) => ({ value: o.uuid, label: offerText(o) })),
    affiliate: (options?.affiliates ?? []).map((a) => ({ value: a.uuid, label: `${a.name} (${a.email})` })),
    product: [...products].map(([value, label]) => ({ value, label })),
  };
}

/** How an active filter reads in the empty state. */
export const filterLabels = (records: Partial<Record<MultiKey, Option[]>>) =>
  Object.fromEntries(
    SEARCH_FILTERS.map((key) => [
      key,
      (value: string) => {
        const known = records[key as MultiKey] ?? STATIC[key as MultiKey];
        const names = value
          .split(',')
          .map((v) => known?.find((o) => o.value === v)?.label ?? statusLabel(v))
          .join(', ');
        return `${FILTER_NAMES[key]}: ${key === 'never_ftd' ? 'yes' : names}`;
      },
    ]),
  );

function MultiFilter({ list, name, data }: { list: ListStateApi; name: MultiKey; data: Option[] }) {
  const value = list.state.filters[name]?.split(',').filter(Boolean) ?? [];
  return (
    <MultiSelect
      label={FILTER_NAMES[name]}
      name={name}
      placeholder={value.length ? undefined : 'Any'}
      data={data}
      value={value}
      onChange={(next) => list.update({ filters: { [name]: next.join(',') || undefined } })}
      searchable
      clearable
      hidePickedOptions
      maxDropdownHeight={260}
      nothingFoundMessage="Nothing found"
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** The lead filters of the add page, each applied as it changes (the page goes back to 1). */
export function SearchFilters({
  list,
  source,
  options,
}: {
  list: ListStateApi;
  source: ColdSource;
  options: ColdOptions | undefined;
}) {
  const records = recordOptions(options);
  const multi = (name: MultiKey) => <MultiFilter list={list} name={name} data={records[name] ?? STATIC[name] ?? []} />;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="cold-filters">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" verticalSpacing="xs">
        <DateRangeFilter
          list={list}
          keys={DATE_RANGE}
          label={source === 'conversion' ? 'Converted' : 'Created'}
          w="auto"
        />
        {multi('offer')}
        {multi('affiliate')}
        {multi('product')}
        {multi('geo')}
        {multi('lead_status')}
        {multi('call_status')}
        {source === 'conversion' && multi('conversion_status')}
        {multi('device')}
        {multi('os')}
        {multi('gender')}
        <Checkbox
          mt={28}
          label="Never FTD"
          name="never_ftd"
          checked={list.state.filters.never_ftd === 'true'}
          onChange={(e) => list.update({ filters: { never_ftd: e.currentTarget.checked ? 'true' : undefined } })}
        />
      </SimpleGrid>
    </Paper>
  );
}
