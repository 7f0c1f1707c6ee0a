import { Button, CloseButton, Group, Paper, Text } from '@mantine/core';
import { FILTER_LABELS } from './filter-access.ts';
import { SUB_FILTERS, withListValue, type ListFilter } from './filter-state.ts';
import { OPTION_HOOKS } from './use-filter-options.ts';
import type { StatFiltersApi } from './use-stat-filters.ts';

function Chip({ label, value, onRemove }: { label: string; value: string; onRemove: () => void }) {
  return (
    <Paper withBorder radius="xl" px="sm" py={2} data-testid="stat-filter-chip">
      <Group gap={4} wrap="nowrap">
        <Text size="xs" c="dimmed">
          {label}:
        </Text>
        <Text size="xs" fw={500} maw={220} truncate>
          {value}
        </Text>
        <CloseButton size="xs" aria-label={`Remove ${label} ${value}`} onClick={onRemove} />
      </Group>
    </Paper>
  );
}

/** The values of one list filter as chips, named by the filter's option source. */
function ListChips({ name, values, filters }: { name: ListFilter; values: string[]; filters: StatFiltersApi }) {
  const useOptions = OPTION_HOOKS[name];
  const { options } = useOptions({
    search: '',
    selected: values,
    open: false,
    setup: filters.setup,
    base: filters.query,
  });
  return values.map((value) => (
    <Chip
      key={value}
      label={FILTER_LABELS[name]}
      value={options.find((o) => o.value === value)?.label ?? value}
      onRemove={() => filters.set(withListValue(filters.state, name, value, false))}
    />
  ));
}

/** The active filters, each removable, and "Clear filters". */
export function FilterChips({ filters }: { filters: StatFiltersApi }) {
  const { state } = filters;
  if (filters.active === 0) return null;
  return (
    <Group gap={6} wrap="wrap" aria-label="Active filters">
      {(Object.entries(state.lists) as [ListFilter, string[]][])
        .filter(([, v]) => v.length > 0)
        .map(([name, values]) => (
          <ListChips key={name} name={name} values={values} filters={filters} />
        ))}
      {SUB_FILTERS.filter((key) => state.subs[key]).map((key) => (
        <Chip
          key={key}
          label={FILTER_LABELS[key]}
          value={state.subs[key] ?? ''}
          onRemove={() => filters.set({ ...state, subs: { ...state.subs, [key]: undefined } })}
        />
      ))}
      <Button
        variant="subtle"
        size="compact-xs"
        color="gray"
        onClick={() => filters.set({ ...state, lists: {}, subs: {} })}
      >
        Clear filters
      </Button>
    </Group>
  );
}
