import { Text } from '@mantine/core';
import { formatDateLine } from '@pxl/contract/format/date';
import type { Distribution } from '@pxl/contract/cold-api/cold.schemas';
import { dateColumn, RecordLink, type DataColumn } from '@/components/data-table/index.ts';
import { CutText } from '@/components/ui/cut-text.tsx';
import { DateCell } from '@/components/ui/date-cell.tsx';
import { statusLabel } from '@/lib/labels.ts';
import { DistributionStatusBadge, distributionPath, offerText } from './cold-labels.tsx';
import { formatCount } from '@/lib/format/numbers.ts';
import { DASH } from '@/components/ui/dash.tsx';

type Counter = 'sent' | 'accepted' | 'rejected' | 'ftd' | 'queued';
const counter = (key: Counter, header: string, color?: string): DataColumn<Distribution> => ({
  key,
  header,
  width: 80,
  render: (d) => (
    <Text span size="sm" fw={500} c={d.counters[key] > 0 ? color : 'dimmed'}>
      {formatCount(d.counters[key])}
    </Text>
  ),
  exportValue: (d) => d.counters[key],
});

/** Columns of /cold-api/re-cold-api. */
export const distributionColumns = (timeZone: string): DataColumn<Distribution>[] => [
  {
    key: 'title',
    header: 'Title',
    sortable: true,
    // The counters' columns are narrow and the names beside are cut, so the table would squeeze the title first.
    render: (d) => (
      <div style={{ minWidth: 150 }}>
        <RecordLink to={distributionPath(d.uuid)}>{d.title}</RecordLink>
      </div>
    ),
  },
  {
    key: 'list',
    header: 'Lead list',
    render: (d) => <CutText text={d.list.title} length={18} />,
    exportValue: (d) => d.list.title,
  },
  {
    key: 'rule',
    header: 'Rule',
    render: (d) => <CutText text={d.rule.name} length={16} />,
    exportValue: (d) => d.rule.name,
  },
  {
    key: 'affiliate',
    header: 'Affiliate',
    render: (d) => <CutText text={d.affiliate.name} length={20} />,
    exportValue: (d) => d.affiliate.email,
  },
  {
    key: 'offer',
    header: 'Offer',
    render: (d) => <CutText text={offerText(d.offer)} length={20} />,
    exportValue: (d) => offerText(d.offer),
  },
  {
    key: 'status',
    header: 'Status',
    render: (d) => <DistributionStatusBadge status={d.status} />,
    exportValue: (d) => statusLabel(d.status),
  },
  counter('sent', 'Sent'),
  counter('accepted', 'Accepted', 'green.7'),
  counter('rejected', 'Rejected', 'red.7'),
  counter('ftd', 'FTD', 'green.8'),
  counter('queued', 'Queued'),
  {
    key: 'last_send_at',
    header: 'Last send',
    sortable: true,
    render: (d) => (d.last_send_at ? <DateCell value={d.last_send_at} timeZone={timeZone} /> : DASH),
    exportValue: (d) => formatDateLine(d.last_send_at, timeZone),
  },
  dateColumn('created_at', 'Created', timeZone, { sortable: true, hidden: true }),
];
