import { Children, type ReactNode } from 'react';
import { Table, Text, type TableProps } from '@mantine/core';

/** A column's heading: its text, or the text with its alignment and width. */
export type Heading = ReactNode | { label?: ReactNode; ta?: 'right'; w?: number };

const isHeading = (h: Heading): h is { label?: ReactNode; ta?: 'right'; w?: number } =>
  typeof h === 'object' && h !== null && !('$$typeof' in h) && !Array.isArray(h);

/**
 * A small table that is not a list (no paging, no sorting): its headings, then the rows given as children.
 * With `empty`, no rows show that text instead of a bare heading.
 */
export function PlainTable({
  head,
  empty,
  children,
  ...props
}: TableProps & { head: readonly Heading[]; empty?: ReactNode }) {
  if (empty !== undefined && Children.count(children) === 0) return <NoneText>{empty}</NoneText>;
  return (
    <Table {...props}>
      <Table.Thead>
        <Table.Tr>
          {head.map((h, i) =>
            isHeading(h) ? (
              <Table.Th key={i} ta={h.ta} w={h.w}>
                {h.label}
              </Table.Th>
            ) : (
              <Table.Th key={i}>{h}</Table.Th>
            ),
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>{children}</Table.Tbody>
    </Table>
  );
}

/** The dimmed line said where there is nothing to show. */
export function NoneText({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}
