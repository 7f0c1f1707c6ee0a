import { Paper, Text } from '@mantine/core';
import { PageFrame } from '@/components/ui/page-frame.tsx';

/** News arrive with the news settings (not built yet); until then the list is honestly empty. */
export function NewsScreen() {
  return (
    <PageFrame>
      <Paper withBorder p="xl" radius="md">
        <Text c="dimmed">No news yet</Text>
      </Paper>
    </PageFrame>
  );
}
