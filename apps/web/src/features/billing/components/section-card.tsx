import type { ReactNode } from 'react';
import { Group, Paper, Stack, Title } from '@mantine/core';

/** One titled block of the invoice detail. */
export function SectionCard({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" style={{ minWidth: 0 }} data-section={title}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={4}>{title}</Title>
          {extra}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
