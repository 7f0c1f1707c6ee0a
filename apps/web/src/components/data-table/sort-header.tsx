import { UnstyledButton, Group, Text } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import type { SortOrder } from './list-state.ts';

/** A header cell that sorts on click: first descending, then ascending. */
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
    <UnstyledButton
      onClick={() => onSort(field, next)}
      aria-label={`Sort by ${label}`}
      aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <Group gap={4} wrap="nowrap">
        <Text span fw={700} size="sm">
          {label}
        </Text>
        <Icon size={14} stroke={1.5} color={active ? 'var(--mantine-color-indigo-6)' : 'var(--mantine-color-gray-5)'} />
      </Group>
    </UnstyledButton>
  );
}
