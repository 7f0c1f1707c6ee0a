import { Button, Checkbox, Group, Text } from '@mantine/core';
import type { SelectionApi } from './use-selection.ts';
import { formatCount } from '@/lib/format/numbers.ts';

/** "Select this page", how many are ticked across pages and, when `clearable`, a way to untick them all. */
export function PageSelection({
  selection,
  page,
  clearable = false,
}: {
  selection: SelectionApi;
  page: readonly { uuid: string }[];
  clearable?: boolean;
}) {
  const ticked = page.length > 0 && page.every((r) => selection.has(r.uuid));
  return (
    <Group gap="md">
      <Checkbox
        label="Select this page"
        checked={ticked}
        disabled={page.length === 0}
        onChange={(e) =>
          selection.setMany(
            page.map((r) => r.uuid),
            e.currentTarget.checked,
          )
        }
      />
      <Text size="sm" c="dimmed" data-testid="selected-count">
        {formatCount(selection.size)} selected
      </Text>
      {clearable && selection.size > 0 && (
        <Button size="compact-sm" variant="subtle" color="gray" onClick={selection.clear}>
          Clear selection
        </Button>
      )}
    </Group>
  );
}
