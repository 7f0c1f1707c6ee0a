import { Badge, Group, Stack, Text } from '@mantine/core';
import type { ConversionLogRow, StatKind } from '@pxl/contract/statistic/statistic.schemas';
import { RecordLink, type DataColumn } from '@/components/data-table/index.ts';
import { dateColumn, geoColumn, IdCell, offerText, OneLine, subColumns, textColumn } from './cells.tsx';
import { partnerText, type LogAccess } from './log-access.ts';
import { CONVERSION_STATUS_LABELS, ConversionStatusBadge, FLOW_LABELS, moneyText, YesNo } from './labels.tsx';
import { conversionDetailPath } from './log-query.ts';
import { ConversionQuality, qualityText } from './conversion-quality.tsx';
import { fraudColumn } from './fraud-parts.tsx';

type Row = ConversionLogRow;
const when = <T,>(on: boolean, column: DataColumn<T>): DataColumn<T>[] => (on ? [column] : []);

const money = (key: 'payout' | 'revenue', header: string): DataColumn<Row> => ({
  key,
  header,
  render: (r) => (
    <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
      {moneyText(r[key], r.currency)}
    </Text>
  ),
  exportValue: (r) => moneyText(r[key], r.currency),
});

/**
 * The conversions list of docs/product/statistics.md, only the columns the role's rows carry. Staff open a conversion's detail
 * from its ID; partners have no detail screen.
 */
export function conversionColumns(kind: StatKind, access: LogAccess, timeZone: string): DataColumn<Row>[] {
  return [
    {
      key: 'uuid',
      header: 'ID',
      width: 110,
      exportValue: (r) => r.uuid,
      render: (r) =>
        access.staff ? (
          <RecordLink to={conversionDetailPath(kind, r.uuid)}>
            <Text span ff="monospace" size="sm" style={{ whiteSpace: 'nowrap' }}>
              {r.uuid.slice(0, 8)}
            </Text>
          </RecordLink>
        ) : (
          <IdCell id={r.uuid} />
        ),
    },
    ...when(
      kind === 'api' && access.email,
      textColumn<Row>('email', 'Email', (r) => r.email, 28),
    ),
    ...when(
      access.affiliate,
      textColumn<Row>('affiliate', 'Affiliate', (r) => partnerText(r.affiliate)),
    ),
    ...when(
      access.advertiser,
      textColumn<Row>('advertiser', 'Advertiser', (r) => r.advertiser?.name),
    ),
    ...when(
      kind === 'api' && access.product,
      textColumn<Row>('product', 'Product', (r) => r.product?.name),
    ),
    {
      key: 'offer',
      header: 'Offer',
      render: (r) => <OneLine text={offerText(r.offer)} length={28} />,
      exportValue: (r) => offerText(r.offer),
    },
    { key: 'goal', header: 'Goal' },
    {
      key: 'click_id',
      header: 'Click ID',
      render: (r) => <IdCell id={r.click_id} />,
      exportValue: (r) => r.click_id ?? '',
    },
    { key: 'flow', header: 'Flow', render: (r) => FLOW_LABELS[r.flow], exportValue: (r) => FLOW_LABELS[r.flow] },
    {
      key: 'status',
      header: 'Status',
      render: (r) => (
        <Stack gap={2}>
          <Group gap={4} wrap="nowrap">
            <ConversionStatusBadge status={r.status} />
            {r.is_test && (
              <Badge color="gray" variant="outline" radius="sm">
                Test
              </Badge>
            )}
          </Group>
          <ConversionQuality row={r} />
        </Stack>
      ),
      exportValue: (r) =>
        CONVERSION_STATUS_LABELS[r.status] + (r.is_test ? ' (test)' : '') + (r.quality ? ` (${qualityText(r)})` : ''),
    },
    {
      key: 'paid',
      header: 'Paid',
      width: 60,
      render: (r) => <YesNo value={r.paid} />,
      exportValue: (r) => (r.paid ? 'Yes' : 'No'),
    },
    ...fraudColumn<Row>(access),
    ...when(access.payout, money('payout', 'Payout')),
    ...when(access.revenue, money('revenue', 'Revenue')),
    dateColumn<Row>('click_at', 'Click time', (r) => r.click_at, timeZone),
    dateColumn<Row>('created_at', 'Conversion time', (r) => r.created_at, timeZone),
    geoColumn<Row>(),
    ...subColumns<Row>(),
  ];
}
