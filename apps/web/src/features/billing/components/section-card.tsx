import type { ReactNode } from 'react';
import { TitledCard } from '@/components/ui/titled-card.tsx';

/** One titled block of the invoice detail. */
export function SectionCard({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <TitledCard title={title} extra={extra} style={{ minWidth: 0 }} data-section={title}>
      {children}
    </TitledCard>
  );
}
