import { Text } from '@mantine/core';
import type { InvoiceListItem } from '@pxl/contract/billing/index';
import { dateColumn, RecordLink, type DataColumn } from '@/components/data-table/index.ts';
import {
  csvAmount,
  detailPath,
  InvoiceStatusBadge,
  money,
  partyText,
  paymentSystemText,
  periodText,
  statusText,
} from './invoice-labels.tsx';

type Row = InvoiceListItem;

const amount = (key: 'total' | 'paid', header: string): DataColumn<Row> => ({
  key,
  header,
  sortable: key === 'total',
  render: (r) => (
    <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
      {money(r[key], r.currency)}
    </Text>
  ),
  exportValue: (r) => csvAmount(r[key]),
});

/** Columns of the invoices list; the number opens the invoice. Amounts export as plain numbers beside the currency. */
export function invoiceColumns(timeZone: string): DataColumn<Row>[] {
  return [
    {
      key: 'number',
      header: 'Number',
      sortable: true,
      render: (r) => <RecordLink to={detailPath(r.uuid)}>{r.number}</RecordLink>,
    },
    {
      key: 'affiliate',
      header: 'Affiliate',
      render: (r) => partyText(r.affiliate),
      exportValue: (r) => partyText(r.affiliate),
    },
    {
      key: 'period',
      header: 'Period',
      render: (r) => (
        <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
          {periodText(r.period_from, r.period_to) || '—'}
        </Text>
      ),
      exportValue: (r) => periodText(r.period_from, r.period_to),
    },
    { key: 'currency', header: 'Currency', width: 80 },
    amount('total', 'Total'),
    amount('paid', 'Paid so far'),
    {
      key: 'status',
      header: 'Status',
      sortable: true,
      render: (r) => <InvoiceStatusBadge status={r.status} />,
      exportValue: (r) => statusText(r.status),
    },
    {
      key: 'payment_system',
      header: 'Payment system',
      render: (r) => paymentSystemText(r.payment_system) || '—',
      exportValue: (r) => paymentSystemText(r.payment_system),
    },
    dateColumn('created_at', 'Created', timeZone, { sortable: true }),
  ];
}
