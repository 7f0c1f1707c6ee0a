import { useState } from 'react';
import { Anchor, Badge, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { ReconBucket } from '@pxl/contract/reconciliation/index';
import { formatDateLine } from '@pxl/contract/format/date';
import { TablePager } from '@/components/data-table/table-pager.tsx';
import { CutText } from '@/components/ui/cut-text.tsx';
import { DASH } from '@/components/ui/dash.tsx';
import { DateCell } from '@/components/ui/date-cell.tsx';
import { statusLabel } from '@/lib/labels.ts';
import { useImportRows } from '../api/import-rows.ts';
import { BucketBadge } from './import-summary.tsx';
import { moneyText } from './import-labels.ts';
import { isPickable, pageTicks, togglePage, togglePick, type Picks, type ReconRow } from './row-picks.ts';

/** The staff conversion detail (docs/product/routes.md); it moves to the API tab for an API offer's conversion. */
const conversionPath = (uuid: string) => `/statistic/direct-link/conversion/detail/${uuid}`;

function TheirIds({ row }: { row: ReconRow }) {
  const ids = row.data
    ? ([
        ['click', row.data.click_id],
        ['lead', row.data.lead_id],
        ['txid', row.data.txid],
      ] as const)
    : [];
  const shown = ids.filter(([, v]) => v);
  if (shown.length === 0) return DASH;
  return (
    <Stack gap={0}>
      {shown.map(([label, value]) => (
        <Text key={label} size="xs" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
          <Text span size="xs" c="dimmed">
            {label}{' '}
          </Text>
          <CutText text={value} length={18} />
        </Text>
      ))}
    </Stack>
  );
}

const amountOrDash = (minor: number | null | undefined, currency: string | null | undefined) =>
  minor === null || minor === undefined ? DASH : moneyText(minor, currency ?? null);

/** What applying the row did, in words under its badge: our figures now, the conversion made, or the adjustment. */
function AppliedResult({ row }: { row: ReconRow }) {
  const a = row.applied;
  if (!a) return null;
  const text = {
    changed: `Ours now ${a.status ? statusLabel(a.status) : DASH} · ${amountOrDash(a.amount, row.our_currency ?? row.data?.currency)}`,
    created: `Conversion made, ${a.status ? statusLabel(a.status) : DASH} · ${amountOrDash(a.amount, row.data?.currency ?? row.our_currency)}`,
    adjustment: `In a live invoice: ${amountOrDash(a.adjustment, row.our_currency)} on the affiliate's next invoice`,
    unchanged: 'Nothing to change',
  }[a.kind];
  return (
    <Text size="xs" c="dimmed" mt={2}>
      {text}
    </Text>
  );
}

function RowCells({ row, timeZone }: { row: ReconRow; timeZone: string }) {
  const d = row.data;
  const conversion = row.conversion_uuid ?? row.applied?.conversion_uuid ?? null;
  return (
    <>
      <Table.Td>{row.line ?? DASH}</Table.Td>
      <Table.Td>{row.bucket ? <BucketBadge bucket={row.bucket} /> : DASH}</Table.Td>
      <Table.Td>
        <TheirIds row={row} />
      </Table.Td>
      <Table.Td>{d?.status ? statusLabel(d.status) : DASH}</Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {amountOrDash(d?.amount, d?.currency ?? row.our_currency)}
      </Table.Td>
      <Table.Td>{d?.date ? <DateCell value={d.date} timeZone={timeZone} /> : DASH}</Table.Td>
      <Table.Td>
        {conversion ? (
          <Anchor component={Link} to={conversionPath(conversion)} size="sm" ff="monospace">
            {conversion.slice(0, 8)}
          </Anchor>
        ) : (
          DASH
        )}
      </Table.Td>
      <Table.Td>{row.our_status ? statusLabel(row.our_status) : DASH}</Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {amountOrDash(row.our_amount, row.our_currency)}
      </Table.Td>
      <Table.Td>
        {row.applied_at ? (
          <>
            <Badge variant="light" color="teal" radius="sm">
              Applied {formatDateLine(row.applied_at, timeZone)}
            </Badge>
            <AppliedResult row={row} />
          </>
        ) : (
          DASH
        )}
      </Table.Td>
    </>
  );
}

const HEAD = [
  'Line',
  'Bucket',
  'Their ids',
  'Their status',
  'Their amount',
  'Their date',
  'Our conversion',
  'Our status',
  'Our amount',
  'Applied',
] as const;
const RIGHT = new Set(['Their amount', 'Our amount']);

type Props = {
  uuid: string;
  bucket: ReconBucket | undefined;
  timeZone: string;
  picks: Picks;
  onPicks: (next: Picks) => void;
};

/** The import's rows, paged, of one bucket when one is chosen; rows that can be applied can be ticked. */
export function ImportRows({ uuid, bucket, timeZone, picks, onPicks }: Props) {
  const [paging, setPaging] = useState({ page: 1, count: 20, bucket });
  // A new bucket starts at its first page (kept in the same state, so no effect is needed to reset it).
  const { page, count } = paging.bucket === bucket ? paging : { page: 1, count: paging.count };
  const rows = useImportRows(uuid, { bucket, page, count });
  const list = rows.data?.list ?? [];
  const ticks = pageTicks(picks, list);
  const tickable = list.some(isPickable);
  return (
    <Stack gap="xs" style={{ opacity: rows.isPlaceholderData ? 0.6 : 1 }}>
      <Table.ScrollContainer minWidth={1020}>
        <Table fz="sm" striped verticalSpacing={6} data-testid="import-rows" aria-busy={rows.isFetching}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={36}>
                <Checkbox
                  size="xs"
                  aria-label="Tick every row of this page that can be applied"
                  disabled={!tickable}
                  checked={ticks === 'all'}
                  indeterminate={ticks === 'some'}
                  onChange={() => onPicks(togglePage(picks, list))}
                />
              </Table.Th>
              {HEAD.map((h) => (
                <Table.Th key={h} ta={RIGHT.has(h) ? 'right' : undefined} style={{ whiteSpace: 'nowrap' }}>
                  {h}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((r) => (
              <Table.Tr key={r.uuid} data-row-line={r.line ?? ''} data-row-bucket={r.bucket ?? ''}>
                <Table.Td>
                  <Checkbox
                    size="xs"
                    aria-label={r.line ? `Tick line ${r.line}` : `Tick conversion ${r.conversion_uuid?.slice(0, 8)}`}
                    disabled={!isPickable(r)}
                    checked={picks.has(r.uuid)}
                    onChange={() => onPicks(togglePick(picks, r))}
                  />
                </Table.Td>
                <RowCells row={r} timeZone={timeZone} />
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!rows.isPending && list.length === 0 && (
        <Text size="sm" c="dimmed">
          {rows.isError ? 'The rows could not be loaded.' : 'No rows in this bucket.'}
        </Text>
      )}
      <Group justify="flex-end">
        <TablePager
          page={page}
          count={count}
          total={rows.data?.count}
          onPage={(p) => setPaging({ page: p, count, bucket })}
          onCount={(n) => setPaging({ page: 1, count: n, bucket })}
        />
      </Group>
    </Stack>
  );
}
