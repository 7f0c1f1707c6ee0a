import { Button, Collapse, Group, Select, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFilter } from '@tabler/icons-react';
import type { ListStateApi } from '@/components/data-table/index.ts';
import { SearchBox } from '@/components/data-table/search-box.tsx';
import { TYPE_LABELS } from './offer-labels.ts';
import { PayoutRange } from './payout-range.tsx';
import { payoutBounds } from './portal-query.ts';
import type { Option } from '@pxl/contract/constants/options';

const TYPE_OPTIONS: Option[] = Object.entries(TYPE_LABELS).map(([value, label]) => ({ value, label }));

/** Search and the portal filters; on a phone the filters fold under one button so the offers stay in view. */
export function PortalFilters({
  list,
  verticals,
  geos,
  narrow,
}: {
  list: ListStateApi;
  verticals: Option[];
  geos: Option[];
  narrow: boolean;
}) {
  const [opened, toggle] = useDisclosure(false);
  const { filters } = list.state;
  const set = (patch: Record<string, string | undefined>) => list.update({ filters: patch });
  const select = (name: string, label: string, data: Option[], searchable = false) => (
    <Select
      key={name}
      label={label}
      name={name}
      placeholder="All"
      clearable
      searchable={searchable}
      data={data}
      w={narrow ? '100%' : 170}
      value={filters[name] ?? null}
      onChange={(v) => set({ [name]: v ?? undefined })}
      comboboxProps={{ withinPortal: true }}
    />
  );
  const fields = (
    <>
      {select('vertical', 'Vertical', verticals)}
      {select('geo', 'Country', geos, true)}
      {select('type', 'Type', TYPE_OPTIONS)}
      <PayoutRange
        value={{ min: filters.payout_min ?? '', max: filters.payout_max ?? '' }}
        invalid={payoutBounds(filters).invalid}
        onChange={({ min, max }) => set({ payout_min: min || undefined, payout_max: max || undefined })}
      />
    </>
  );
  const search = (
    <SearchBox
      value={list.state.search}
      placeholder="Offer ID or title"
      onSearch={(s) => list.update({ search: s }, { replace: true })}
    />
  );
  if (!narrow)
    return (
      <Group align="flex-end" gap="sm" wrap="wrap">
        {search}
        {fields}
      </Group>
    );
  const count = Object.keys(filters).length;
  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <div style={{ flex: 1 }}>{search}</div>
        <Button
          variant={count ? 'light' : 'default'}
          leftSection={<IconFilter size={16} />}
          onClick={toggle.toggle}
          aria-expanded={opened}
        >
          Filters{count ? ` (${count})` : ''}
        </Button>
      </Group>
      <Collapse expanded={opened}>
        <Stack gap="xs">{fields}</Stack>
      </Collapse>
    </Stack>
  );
}
