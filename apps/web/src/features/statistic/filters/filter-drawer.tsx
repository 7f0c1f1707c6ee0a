import { useState } from 'react';
import { Button, Drawer, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { FILTER_LABELS, listFiltersFor } from './filter-access.ts';
import { SUB_FILTERS, type StatFilterState } from './filter-state.ts';
import { StatMultiSelect } from './stat-multi-select.tsx';
import type { StatFiltersApi } from './use-stat-filters.ts';

/**
 * The filters besides the period and zone, edited as a draft and applied at once, so picking five values makes
 * one report request, not five.
 */
export function FilterDrawer({
  filters,
  opened,
  onClose,
}: {
  filters: StatFiltersApi;
  opened: boolean;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<StatFilterState>(filters.state);
  // The draft starts again from the applied filters when the drawer opens or they change while it is open (set while
  // rendering, so the drawer never shows a stale draft).
  const [seen, setSeen] = useState({ opened, state: filters.state });
  if (seen.opened !== opened || seen.state !== filters.state) {
    setSeen({ opened, state: filters.state });
    if (opened) setDraft(filters.state);
  }
  const apply = (next: StatFilterState) => {
    filters.set(next);
    onClose();
  };
  const clear = () => apply({ ...filters.state, lists: {}, subs: {} });
  return (
    <Drawer opened={opened} onClose={onClose} title="Filters" position="right" size="lg" keepMounted={false}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          apply(draft);
        }}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
            {listFiltersFor(filters.setup.role, filters.setup.kind, filters.setup.omitFilters).map((key) => (
              <StatMultiSelect
                key={key}
                name={key}
                value={draft.lists[key] ?? []}
                setup={filters.setup}
                base={filters.query}
                onChange={(value) => setDraft((d) => ({ ...d, lists: { ...d.lists, [key]: value } }))}
              />
            ))}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 2, xs: 5 }} spacing="xs">
            {SUB_FILTERS.map((key) => (
              <TextInput
                key={key}
                label={FILTER_LABELS[key]}
                name={key}
                placeholder="Exact value"
                value={draft.subs[key] ?? ''}
                maxLength={200}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setDraft((d) => ({ ...d, subs: { ...d.subs, [key]: value } }));
                }}
              />
            ))}
          </SimpleGrid>
          <Group justify="space-between" mt="sm">
            <Button variant="subtle" color="gray" onClick={clear}>
              Clear all
            </Button>
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit">Apply</Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Drawer>
  );
}
