import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import { NoneText } from '@/components/ui/plain-table.tsx';
import { TitledCard } from '@/components/ui/titled-card.tsx';

/** A titled block of a detail page. */
export function Section({
  title,
  actions,
  children,
  testId,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <TitledCard title={title} extra={actions} p={{ base: 'sm', sm: 'lg' }} data-testid={testId}>
      {children}
    </TitledCard>
  );
}

/** The offer's description as written (line breaks kept), or a dimmed "No description." */
export function DescriptionSection({ text }: { text: string | null }) {
  return (
    <Section title="Description">
      {text ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {text}
        </Text>
      ) : (
        <NoneText>No description.</NoneText>
      )}
    </Section>
  );
}
