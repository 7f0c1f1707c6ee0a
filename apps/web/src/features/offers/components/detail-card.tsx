import type { ReactNode } from 'react';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';

/** A titled block of the offer detail page; `empty` shows when there is nothing to list. */
export function DetailCard({
  title,
  children,
  empty,
  extra,
  testId,
}: {
  title: string;
  children?: ReactNode;
  empty?: string;
  extra?: ReactNode;
  testId?: string;
}) {
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId} style={{ minWidth: 0 }}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={4}>{title}</Title>
          {extra}
        </Group>
        {children ?? (
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
