import { useMemo } from 'react';
import { Group, Paper, Text } from '@mantine/core';
import { INVOICE_SORTABLE, type InvoiceListItem } from '@pxl/contract/billing/index';
import { DataTable, useDataList, type ListConfig } from '@/components/data-table/index.ts';
import { listInvoices, useInvoices } from '../api/list-invoices.ts';
import { currencyTotals } from './currency-totals.ts';
import { invoiceColumns } from './invoice-columns.tsx';
import { InvoiceFilters } from './invoice-filters.tsx';
import { money, paymentSystemText, statusText } from './invoice-labels.tsx';
import { PayoutBatchButton } from './payout-batch-button.tsx';

export const INVOICE_LIST: ListConfig = {
  filters: ['affiliate_uuid', 'status', 'currency', 'payment_system', 'date_from', 'date_to'],
  sorts: INVOICE_SORTABLE,
  defaultSort: 'created_at',
};

/** Totals per currency of the invoices on the page (the server sums them; one currency is never added to another). */
function Totals({ data }: { data: { list: InvoiceListItem[]; total?: Record<string, number> } | undefined }) {
  const rows = currencyTotals(data?.total, data?.list ?? []);
  if (!rows.length) return null;
  return (
    <Paper withBorder radius="md" px="md" py="xs" data-testid="invoice-totals">
      <Group gap="xl">
        <Text size="sm" c="dimmed">
          Totals of this page
        </Text>
        {rows.map((r) => (
          <Text key={r.currency} size="sm" data-currency={r.currency}>
            <b>{r.currency}</b> {money(r.total, r.currency)} · paid {money(r.paid, r.currency)}
          </Text>
        ))}
      </Group>
    </Paper>
  );
}

/** The invoices of the network: filters and sorting in the URL, totals per currency, CSV and payout batch. */
export function InvoicesTable({ timeZone }: { timeZone: string }) {
  const { list, rows: invoices, table } = useDataList(INVOICE_LIST, useInvoices, listInvoices, 'invoices');
  const columns = useMemo(() => invoiceColumns(timeZone), [timeZone]);
  const f = list.state.filters;
  return (
    <>
      <Group justify="space-between" align="center">
        <Totals data={invoices.data} />
        <PayoutBatchButton currency={f.currency} paymentSystem={f.payment_system} />
      </Group>
      <DataTable<InvoiceListItem>
        listId="invoices"
        columns={columns}
        {...table}
        rowKey={(r) => r.uuid}
        searchPlaceholder="Invoice number"
        filters={<InvoiceFilters list={list} />}
        filterLabels={{
          affiliate_uuid: () => 'Affiliate',
          status: (v) => `Status: ${statusText(v)}`,
          currency: (v) => `Currency: ${v}`,
          payment_system: (v) => `Payment system: ${paymentSystemText(v)}`,
          date_from: (v) => `Period from ${v}`,
          date_to: (v) => `Period to ${v}`,
        }}
        minWidth={1200}
      />
    </>
  );
}
