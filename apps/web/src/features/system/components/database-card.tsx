import { Fragment, useState } from 'react';
import { Button, Table, Text, UnstyledButton } from '@mantine/core';
import type { TableSize } from '@pxl/contract/system/index';
import { PlainTable } from '@/components/ui/plain-table.tsx';
import { TitledCard } from '@/components/ui/titled-card.tsx';
import { formatBytes, formatCount } from '@/lib/format/numbers.ts';
import { SizeCells } from './card-extras.tsx';

const FIRST = 15;
const rowsOf = (n: number | null) => (n === null ? null : formatCount(n));

const nameOf = (t: TableSize) => (t.schema === 'public' ? t.name : `${t.schema}.${t.name}`);

function TableRows({ table }: { table: TableSize }) {
  const [open, setOpen] = useState(false);
  const name = nameOf(table);
  const count = table.partitions.length;
  return (
    <>
      <Table.Tr data-testid="system-table">
        <Table.Td>
          <Text size="sm" fw={500} span>
            {name}
          </Text>
          {count > 0 && (
            <UnstyledButton
              ml="xs"
              fz="xs"
              c="blue"
              aria-expanded={open}
              aria-label={`${open ? 'Hide' : 'Show'} the ${count} partitions of ${name}`}
              onClick={() => setOpen(!open)}
            >
              {open ? '▾' : '▸'} {count} {count === 1 ? 'partition' : 'partitions'}
            </UnstyledButton>
          )}
        </Table.Td>
        <SizeCells rows={rowsOf(table.rows_about)} bytes={table.bytes} />
      </Table.Tr>
      {open &&
        table.partitions.map((p) => (
          <Table.Tr key={p.name} data-testid="system-partition">
            <Table.Td pl="xl">
              <Text size="sm" c="dimmed" span>
                {p.name}
              </Text>
            </Table.Td>
            <SizeCells rows={rowsOf(p.rows_about)} bytes={p.bytes} />
          </Table.Tr>
        ))}
    </>
  );
}

/** Size on disk per table, largest first; partitions under their table (docs/product/system.md, "Database"). */
export function DatabaseCard({ totalBytes, tables }: { totalBytes: number; tables: TableSize[] }) {
  const [all, setAll] = useState(false);
  const shown = all ? tables : tables.slice(0, FIRST);
  return (
    <TitledCard
      title="Database"
      data-testid="system-database"
      extra={
        <Text size="sm" data-testid="system-database-total">
          {formatBytes(totalBytes)} in all
        </Text>
      }
    >
      <Table.ScrollContainer minWidth={320}>
        <PlainTable
          horizontalSpacing="xs"
          head={['Table', { label: 'Rows (about)', ta: 'right' }, { label: 'Size', ta: 'right' }]}
        >
          {shown.map((t) => (
            <Fragment key={`${t.schema}.${t.name}`}>
              <TableRows table={t} />
            </Fragment>
          ))}
        </PlainTable>
      </Table.ScrollContainer>
      {tables.length > FIRST && (
        <Button variant="subtle" size="xs" onClick={() => setAll(!all)} style={{ alignSelf: 'flex-start' }}>
          {all ? `Show the ${FIRST} largest` : `Show all ${tables.length} tables`}
        </Button>
      )}
    </TitledCard>
  );
}
