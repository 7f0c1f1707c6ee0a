import type { ReactNode } from 'react';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { TitledCard } from '@/components/ui/titled-card.tsx';
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
    <TitledCard title={title} extra={extra} data-testid={testId} style={{ minWidth: 0 }}>
      {children}
    </TitledCard>
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
