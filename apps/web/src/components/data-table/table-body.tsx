import { Fragment, useState, type ReactNode } from 'react';
import { ActionIcon, Skeleton, Table, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { plainValue, type DataColumn } from './types.ts';
import classes from './data-table.module.css';

type BodyProps<Row> = {
  rows: readonly Row[];
  columns: readonly DataColumn<Row>[];
  rowKey: (row: Row) => string;
  loading: boolean;
  skeletonRows: number;
  empty: ReactNode;
  rowActions?: (row: Row) => ReactNode;
  renderExpanded?: (row: Row) => ReactNode;
};

const cellOf = <Row,>(column: DataColumn<Row>, row: Row): ReactNode => {
  if (column.render) return column.render(row);
  const value = plainValue(row, column.key);
  return value === null || value === undefined || value === '' ? (
    <Text span c="dimmed">
      —
    </Text>
  ) : (
    String(value)
  );
};

/** Rows of a DataTable: skeleton rows while loading, the empty state, optional expandable rows. */
export function TableBody<Row>({
  rows,
  columns,
  rowKey,
  loading,
  skeletonRows,
  empty,
  rowActions,
  renderExpanded,
}: BodyProps<Row>) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const span = columns.length + (rowActions ? 1 : 0) + (renderExpanded ? 1 : 0);
  const toggle = (key: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  if (loading) {
    return (
      <Table.Tbody aria-busy="true">
        {Array.from({ length: skeletonRows }, (_, i) => (
          <Table.Tr key={i} data-testid="skeleton-row">
            {Array.from({ length: span }, (_, j) => (
              <Table.Td key={j}>
                <Skeleton height={14} radius="sm" />
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    );
  }
  if (rows.length === 0) {
    return (
      <Table.Tbody>
        <Table.Tr>
          <Table.Td colSpan={span}>{empty}</Table.Td>
        </Table.Tr>
      </Table.Tbody>
    );
  }
  return (
    <Table.Tbody>
      {rows.map((row) => {
        const key = rowKey(row);
        const open = expanded.has(key);
        return (
          <Fragment key={key}>
            <Table.Tr data-row-key={key}>
              {renderExpanded && (
                <Table.Td w={36}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    onClick={() => toggle(key)}
                    aria-label={open ? 'Collapse row' : 'Expand row'}
                    aria-expanded={open}
                  >
                    {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                  </ActionIcon>
                </Table.Td>
              )}
              {columns.map((column) => (
                <Table.Td key={column.key}>{cellOf(column, row)}</Table.Td>
              ))}
              {rowActions && (
                <Table.Td w={48} style={{ textAlign: 'right' }} className={classes.actions}>
                  {rowActions(row)}
                </Table.Td>
              )}
            </Table.Tr>
            {open && renderExpanded && (
              <Table.Tr data-expanded-of={key}>
                <Table.Td colSpan={span} bg="var(--mantine-color-gray-0)" p="md">
                  {renderExpanded(row)}
                </Table.Td>
              </Table.Tr>
            )}
          </Fragment>
        );
      })}
    </Table.Tbody>
  );
}
