import { formatDateLine } from '@pxl/contract/format/date';
import { CutText } from '@/components/ui/cut-text.tsx';
import { DASH } from '@/components/ui/dash.tsx';
import { DateCell } from '@/components/ui/date-cell.tsx';
import { RecordLink } from './record-link.tsx';
import type { DataColumn } from './types.ts';

// Column builders for what most lists show the same way: the record's short ID, dates in the network's zone
// (DD.MM.YYYY, time below; one line in CSV, docs/product/screens-and-lists.md) and a dash for nothing.

type Extra<Row> = Omit<Partial<DataColumn<Row>>, 'key' | 'header'>;
type DateKey<Row> = {
  [K in keyof Row]: Row[K] extends string | null | undefined ? K : never;
}[keyof Row] &
  string;

/** A date column over `key`: DateCell on screen, one line in the export. */
export function dateColumn<Row>(
  key: DateKey<Row>,
  header: string,
  timeZone: string,
  extra: Extra<Row> = {},
): DataColumn<Row> {
  const value = (row: Row) => row[key] as string | null | undefined;
  return {
    key,
    header,
    render: (row) => <DateCell value={value(row)} timeZone={timeZone} />,
    exportValue: (row) => formatDateLine(value(row), timeZone),
    ...extra,
  };
}

/** The record's UUID cut to 8 characters, linking to `to`. */
export function idColumn<Row extends { uuid: string }>(
  to: (row: Row) => string,
  extra: Extra<Row> = {},
): DataColumn<Row> {
  return {
    key: 'uuid',
    header: 'ID',
    render: (row) => (
      <RecordLink to={to(row)}>
        <CutText text={row.uuid} length={8} />
      </RecordLink>
    ),
    ...extra,
  };
}

/** The record's manager by name (a dash when it has none). */
export function managerColumn<Row extends { manager: { name: string } | null }>(): DataColumn<Row> {
  return {
    key: 'manager',
    header: 'Manager',
    exportValue: (row) => row.manager?.name ?? '',
    render: (row) => row.manager?.name ?? DASH,
  };
}
