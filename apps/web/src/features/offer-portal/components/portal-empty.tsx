import { Button, Stack, Text } from '@mantine/core';
import { IconSearchOff, IconStack2 } from '@tabler/icons-react';
import { activeFilterCount } from '@/components/data-table/list-state.ts';
import type { ListStateApi } from '@/components/data-table/index.ts';
import { TAB_EMPTY, type OfferTab } from './portal-query.ts';

/** An empty tab says what the tab holds; with filters on, it offers to clear them instead. */
export function PortalEmpty({ tab, list }: { tab: OfferTab; list: ListStateApi }) {
  const filtered = activeFilterCount(list.state) > 0;
  const { title, text } = TAB_EMPTY[tab];
  return (
    <Stack align="center" gap={6} py="xl" px="md" data-testid="portal-empty">
      {filtered ? (
        <IconSearchOff size={32} color="var(--mantine-color-gray-5)" />
      ) : (
        <IconStack2 size={32} color="var(--mantine-color-gray-5)" />
      )}
      <Text fw={600}>{filtered ? 'No offers match these filters' : title}</Text>
      <Text size="sm" c="dimmed" ta="center" maw={520}>
        {text}
      </Text>
      {filtered && (
        <Button size="xs" variant="light" onClick={list.reset}>
          Clear filters
        </Button>
      )}
    </Stack>
  );
}
