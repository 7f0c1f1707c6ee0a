import type { ReactNode } from 'react';
import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DASH } from '@/components/ui/dash.tsx';

/** One titled block of the conversion detail. */
export function SectionCard({
  title,
  extra,
  testId,
  children,
}: {
  title: string;
  extra?: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId} style={{ minWidth: 0 }}>
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

export type Field = { label: string; value: ReactNode };

const isEmpty = (value: ReactNode) => value === null || value === undefined || value === '';

/** Label above value, two or three to a row; empty values read as a DASH, not as a gap. */
export function FieldList({ fields, cols = 2 }: { fields: readonly Field[]; cols?: number }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: cols }} spacing="md" verticalSpacing="sm">
      {fields.map((f) => (
        <Stack key={f.label} gap={0} style={{ minWidth: 0 }} data-field={f.label}>
          <Text size="xs" c="dimmed">
            {f.label}
          </Text>
          <Text size="sm" component="div" style={{ wordBreak: 'break-word' }}>
            {isEmpty(f.value) ? DASH : f.value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
