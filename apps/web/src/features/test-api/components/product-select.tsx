import {
  Badge,
  Group,
  Select,
  Text,
  type ComboboxItem,
  type ComboboxItemGroup,
  type OptionsFilter,
} from '@mantine/core';
import { formatDateLine } from '@pxl/contract/format/date';
import { useProductOptions } from '@/lib/queries/product-options.ts';

export type ProductOption = NonNullable<ReturnType<typeof useProductOptions>['data']>['list'][number];

/** A search matches a product's name or its advertiser's (then all of that advertiser's products show). */
const filter: OptionsFilter = ({ options, search }) => {
  const q = search.trim().toLowerCase();
  if (!q) return options;
  return (options as ComboboxItemGroup<ComboboxItem>[])
    .map((g) =>
      String(g.group ?? '')
        .toLowerCase()
        .includes(q)
        ? g
        : { ...g, items: g.items.filter((i) => i.label.toLowerCase().includes(q)) },
    )
    .filter((g) => g.items.length > 0);
};

const testState = (p: ProductOption, timeZone: string) =>
  p.tested_at
    ? `Tested at ${formatDateLine(p.tested_at, timeZone)}`
    : 'Not tested yet: never used for routing until a test succeeds';

/** One product of any advertiser, grouped by advertiser; untested or inactive ones say so. */
export function ProductSelect({
  value,
  onChange,
  error,
  timeZone,
}: {
  value: string | null;
  onChange: (product: ProductOption | null) => void;
  error?: string;
  timeZone: string;
}) {
  const options = useProductOptions();
  const list = options.data?.list ?? [];
  const byUuid = new Map(list.map((p) => [p.uuid, p]));
  const groups = new Map<string, ComboboxItem[]>();
  for (const p of list)
    groups.set(p.advertiser.name, [...(groups.get(p.advertiser.name) ?? []), { value: p.uuid, label: p.name }]);
  const chosen = value ? byUuid.get(value) : undefined;
  const data = [...groups].map(([group, items]) => ({ group, items }));
  const renderOption = ({ option }: { option: ComboboxItem }) => {
    const p = byUuid.get(option.value);
    return (
      <Group gap={6} wrap="nowrap" justify="space-between" w="100%">
        <Text size="sm" truncate>
          {option.label}
        </Text>
        <Group gap={4} wrap="nowrap">
          {p?.status !== 'active' && (
            <Badge size="xs" variant="light" color="gray" radius="sm">
              {p?.status.replace('_', ' ')}
            </Badge>
          )}
          {!p?.tested_at && (
            <Badge size="xs" variant="light" color="yellow" radius="sm">
              untested
            </Badge>
          )}
        </Group>
      </Group>
    );
  };
  return (
    <Select
      label="Product"
      name="product_uuid"
      required
      searchable
      clearable
      data={data}
      filter={filter}
      renderOption={renderOption}
      placeholder={options.isPending ? 'Loading products…' : 'Search by product or advertiser'}
      value={value && byUuid.has(value) ? value : null}
      description={
        chosen && `${chosen.advertiser.name} · ${chosen.status.replace('_', ' ')} · ${testState(chosen, timeZone)}`
      }
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      error={error}
      onChange={(uuid) => onChange(uuid ? (byUuid.get(uuid) ?? null) : null)}
      limit={200}
      nothingFoundMessage="No products"
      comboboxProps={{ withinPortal: true }}
    />
  );
}
