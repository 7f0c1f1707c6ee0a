import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { formatDateLine } from '@pxl/contract/format/date';
import type { DataColumn } from '@/components/data-table/index.ts';
import { CountryFlag } from '@/components/ui/country-flag.tsx';
import { CutText } from '@/components/ui/cut-text.tsx';
import { DateCell } from '@/components/ui/date-cell.tsx';
import { copyToClipboard } from '@/lib/clipboard.ts';
import { DASH } from '@/components/ui/dash.tsx';

type Subs = { sub1: string | null; sub2: string | null; sub3: string | null; sub4: string | null; sub5: string | null };

export const offerText = (offer: { id: number; title: string } | null | undefined): string =>
  offer ? `#${offer.id} ${offer.title}` : '';

/** A long ID as its first part, whole on hover, with a copy button: click IDs are what people search by. */
export function IdCell({ id }: { id: string | null | undefined }) {
  if (!id) return DASH;
  return (
    <Group gap={2} wrap="nowrap">
      <Tooltip label={id} withArrow openDelay={150}>
        <Text span size="sm" ff="monospace">
          {id.slice(0, 8)}
        </Text>
      </Tooltip>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="xs"
        aria-label={`Copy ${id}`}
        onClick={() => void copyToClipboard(id)}
      >
        <IconCopy size={12} />
      </ActionIcon>
    </Group>
  );
}

export const dateColumn = <Row,>(
  key: string,
  header: string,
  pick: (row: Row) => string | null,
  timeZone: string,
): DataColumn<Row> => ({
  key,
  header,
  width: 110,
  render: (row) => (pick(row) ? <DateCell value={pick(row)} timeZone={timeZone} /> : DASH),
  exportValue: (row) => formatDateLine(pick(row), timeZone),
});

export const geoColumn = <Row extends { country: string | null }>(): DataColumn<Row> => ({
  key: 'country',
  header: 'Geo',
  width: 70,
  render: (row) => (row.country ? <CountryFlag code={row.country} /> : DASH),
});

/** One line per row: a long value is cut (whole on hover) rather than wrapped into a tall row. */
export const OneLine = ({ text, length = 24 }: { text: string; length?: number }) => (
  <span style={{ whiteSpace: 'nowrap' }}>
    <CutText text={text} length={length} />
  </span>
);

export const textColumn = <Row,>(
  key: string,
  header: string,
  pick: (row: Row) => string | null | undefined,
  length = 24,
  hidden = false,
): DataColumn<Row> => ({
  key,
  header,
  hidden,
  render: (row) => (pick(row) ? <OneLine text={pick(row)!} length={length} /> : DASH),
  exportValue: (row) => pick(row) ?? '',
});

/** The first `shown` subs show by default; the others wait in the column chooser. */
export const subColumns = <Row extends Subs>(shown = 2): DataColumn<Row>[] =>
  (['sub1', 'sub2', 'sub3', 'sub4', 'sub5'] as const).map((key, i) =>
    textColumn<Row>(key, key.replace('sub', 'Sub'), (r) => r[key], 20, i >= shown),
  );
