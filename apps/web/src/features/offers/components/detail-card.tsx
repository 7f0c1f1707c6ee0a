import type { ReactNode } from 'react';
import { NoneText } from '@/components/ui/plain-table.tsx';
import { TitledCard } from '@/components/ui/titled-card.tsx';

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
    <TitledCard title={title} extra={extra} data-testid={testId} style={{ minWidth: 0 }}>
      {children ?? <NoneText>{empty}</NoneText>}
    </TitledCard>
  );
}
