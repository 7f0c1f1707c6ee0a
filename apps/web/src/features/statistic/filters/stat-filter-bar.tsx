import type { ReactNode } from 'react';
import { Badge, Button, Group, Select, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFilter } from '@tabler/icons-react';
import { FilterChips } from './filter-chips.tsx';
import { FilterDrawer } from './filter-drawer.tsx';
import { PeriodPicker } from './period-picker.tsx';
import type { StatFiltersApi } from './use-stat-filters.ts';

/**
 * The statistics filter bar: period, time zone and a "Filters" button (with how many are set) opening the rest;
 * the active filters as removable chips below. `children` go at the row's end (e.g. a screen's grouping).
 */
export function StatFilterBar({ filters, children }: { filters: StatFiltersApi; children?: ReactNode }) {
  const [opened, { open, close }] = useDisclosure(false);
  const { state, range, setup } = filters;
  const zones = setup.timeZones.some((z) => z.value === range.tz)
    ? setup.timeZones
    : [{ value: range.tz, label: range.tz }, ...setup.timeZones];
  return (
    <Stack gap="xs">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <PeriodPicker
          range={range}
          timeZone={range.tz}
          onChange={(r) => filters.set({ ...state, date_from: r.from, date_to: r.to })}
        />
        <Select
          label="Time zone"
          aria-label="Time zone"
          w={230}
          searchable
          data={zones}
          value={range.tz}
          allowDeselect={false}
          onChange={(tz) => tz && filters.set({ ...state, tz })}
          comboboxProps={{ withinPortal: true }}
        />
        <Button
          variant="default"
          leftSection={<IconFilter size={16} />}
          onClick={open}
          rightSection={
            filters.active > 0 ? (
              <Badge size="sm" circle>
                {filters.active}
              </Badge>
            ) : undefined
          }
        >
          Filters
        </Button>
        {children}
      </Group>
      <FilterChips filters={filters} />
      <FilterDrawer filters={filters} opened={opened} onClose={close} />
    </Stack>
  );
}
