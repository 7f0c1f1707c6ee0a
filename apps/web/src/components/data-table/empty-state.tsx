import { Button, Stack, Text } from '@mantine/core';
import { IconSearchOff } from '@tabler/icons-react';

/** "Nothing found" with the filters that are on, and a way to clear them. */
export function EmptyState({ filters, onClear }: { filters: readonly string[]; onClear?: () => void }) {
  return (
    <Stack align="center" gap={6} py="xl" data-testid="table-empty">
      <IconSearchOff size={32} color="var(--mantine-color-gray-5)" />
      <Text fw={600}>Nothing found</Text>
      {filters.length > 0 && (
        <>
          <Text size="sm" c="dimmed" ta="center">
            Active filters: {filters.join(' · ')}
          </Text>
          {onClear && (
            <Button size="xs" variant="light" onClick={onClear}>
              Clear filters
            </Button>
          )}
        </>
      )}
    </Stack>
  );
}
