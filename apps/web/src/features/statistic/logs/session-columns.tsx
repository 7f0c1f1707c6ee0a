import { Badge, Group, Text } from '@mantine/core';
import type { SessionLogRow } from '@pxl/contract/statistic/statistic.schemas';
import { formatDateLine } from '@pxl/contract/format/date';
import type { DataColumn } from '@/components/data-table/index.ts';
import { dateColumn, geoColumn, IdCell, offerText, OneLine, subColumns, textColumn } from './cells.tsx';
import { partnerText, type LogAccess } from './log-access.ts';
import { callStatusText, LEAD_STATUS_LABELS, LeadStatusBadge, leadReasonText } from './labels.tsx';
import { DASH } from '@/components/ui/dash.tsx';
import { fraudColumn } from './fraud-parts.tsx';

type Row = SessionLogRow;

const personText = (r: Row): string => [r.first_name, r.last_name].filter(Boolean).join(' ');

function StatusCell({ row }: { row: Row }) {
  return (
    <Group gap={4} wrap="nowrap">
      <LeadStatusBadge status={row.status} />
      {row.is_test && (
        <Badge color="gray" variant="outline" radius="sm">
          Test
        </Badge>
      )}
      {row.needs_review && (
        <Badge color="orange" variant="outline" radius="sm">
          Review
        </Badge>
      )}
    </Group>
  );
}

/** User sessions (leads) of API offers: the person, where they came from, how the waterfall and the calls went. */
export function sessionColumns(access: LogAccess, timeZone: string): DataColumn<Row>[] {
  return [
    dateColumn<Row>('created_at', 'Time', (r) => r.created_at, timeZone),
    { key: 'uuid', header: 'Lead ID', width: 120, render: (r) => <IdCell id={r.uuid} /> },
    {
      key: 'offer',
      header: 'Offer',
      render: (r) => <OneLine text={offerText(r.offer)} length={28} />,
      exportValue: (r) => offerText(r.offer),
    },
    ...(access.affiliate ? [textColumn<Row>('affiliate', 'Affiliate', (r) => partnerText(r.affiliate))] : []),
    ...(access.product ? [textColumn<Row>('product', 'Product', (r) => r.product?.name)] : []),
    textColumn<Row>('email', 'Email', (r) => r.email, 28),
    textColumn<Row>('name', 'Name', personText, 24),
    textColumn<Row>('phone', 'Phone', (r) => r.phone, 20, true),
    {
      key: 'ip',
      header: 'IP',
      hidden: true,
      render: (r) =>
        r.ip ? (
          <Text span size="sm" ff="monospace">
            {r.ip}
          </Text>
        ) : (
          DASH
        ),
    },
    geoColumn<Row>(),
    {
      key: 'status',
      header: 'Status',
      render: (r) => <StatusCell row={r} />,
      exportValue: (r) => LEAD_STATUS_LABELS[r.status] + (r.is_test ? ' (test)' : ''),
    },
    ...fraudColumn<Row>(access),
    textColumn<Row>('reason', 'Reason', (r) => leadReasonText(r.reason), 30),
    textColumn<Row>('call_status', 'Call status', (r) => callStatusText(r.call_status), 20),
    {
      key: 'ftd',
      header: 'FTD',
      render: (r) =>
        r.is_ftd ? (
          <Badge color="green" variant="filled" radius="sm">
            FTD
          </Badge>
        ) : (
          DASH
        ),
      exportValue: (r) => (r.is_ftd ? formatDateLine(r.ftd_at, timeZone) || 'Yes' : ''),
    },
    {
      key: 'click_id',
      header: 'Click ID',
      hidden: true,
      render: (r) => <IdCell id={r.click_id} />,
      exportValue: (r) => r.click_id ?? '',
    },
    ...subColumns<Row>(1),
  ];
}
