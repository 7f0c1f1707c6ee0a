import type { ReactNode } from 'react';
import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { orDash } from '@/components/ui/dash.tsx';
import { formatBytes } from '@/lib/format/numbers.ts';

// What the system cards show beside their titles and in their size columns, the same way on every card.

/** A link beside a card's title to the screen where its figures are changed or detailed. */
export const CardLink = ({ to, children }: { to: string; children: ReactNode }) => (
  <Anchor component={Link} to={to} size="xs">
    {children}
  </Anchor>
);

/** A dimmed remark beside a card's title. */
export const CardNote = ({ children }: { children: ReactNode }) => (
  <Text size="xs" c="dimmed">
    {children}
  </Text>
);

const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** The "Rows (about)" and "Size" cells of a table or partition row. */
export const SizeCells = ({ rows, bytes }: { rows: string | null; bytes: number }) => (
  <>
    <Table.Td ta="right" style={NOWRAP}>
      {orDash(rows)}
    </Table.Td>
    <Table.Td ta="right" style={NOWRAP}>
      {formatBytes(bytes)}
    </Table.Td>
  </>
);
