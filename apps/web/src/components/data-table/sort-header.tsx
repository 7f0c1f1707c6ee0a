import { UnstyledButton, Group, Text } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import type { SortOrder } from './list-state.ts';

/**
 * The button of a header cell that sorts on click: first descending, then ascending. The order is told by aria-sort on
 * the header cell (ariaSortOf), where ARIA allows it, not on the button.
 */
export function SortHeader({
  label,
  field,
  sort,
  order,
  onSort,
}: {
  label: string;
  field: string;
  sort?: string;
  order: SortOrder;
  onSort: (field: string, order: SortOrder) => void;
}) {
  const active = sort === field;
  const Icon = !active ? IconArrowsSort : order === 'asc' ? IconSortAscending : IconSortDescending;
  const next: SortOrder = active && order === 'desc' ? 'asc' : 'desc';
  return (
    <UnstyledButton onClick={() => onSort(field, next)} aria-label={`Sort by ${label}`}>
      <Group gap={4} wrap="nowrap">
        <Text span fw={700} size="sm">
          {label}
        </Text>
        <Icon
          size={14}
          stroke={1.5}
          color={active ? 'var(--mantine-color-indigo-text)' : 'var(--mantine-color-dimmed)'}
        />
      </Group>
    </UnstyledButton>
  );
}

/** aria-sort of the header cell of `field`. */
export const ariaSortOf = (field: string, sort: string | undefined, order: SortOrder) =>
  sort === field ? (order === 'asc' ? ('ascending' as const) : ('descending' as const)) : undefined;
