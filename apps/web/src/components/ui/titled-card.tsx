import type { ReactNode } from 'react';
import { Group, Paper, Stack, Title, type PaperProps } from '@mantine/core';

type Data = { 'data-testid'?: string; 'data-section'?: string };

/** A bordered block of a detail page: its title, what stands beside it (`extra`), then its content. */
export function TitledCard({
  title,
  extra,
  children,
  ...paper
}: PaperProps & Data & { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" {...paper}>
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
