import { Anchor, Badge, Group, Pagination, Table, Text } from '@mantine/core';
import type { InvoiceListItem } from '@pxl/contract/billing/billing.schemas';
import { PAID_STATUSES, PAYMENT_SYSTEMS, type Currency } from '@pxl/contract/constants/constants.data';
import { formatDate } from '@pxl/contract/format/date';
import { formatMoney } from '@pxl/contract/format/money';
import { MY_INVOICES_PAGE } from '../api/my-invoices.ts';
import { PlainTable } from '@/components/ui/plain-table.tsx';

const STATUS_COLORS: Record<InvoiceListItem['status'], string> = {
  waiting: 'yellow',
  partly_paid: 'blue',
  approved: 'green',
  declined: 'gray',
};
const day = (v: string | null) => formatDate(v).date;
const period = (i: InvoiceListItem) =>
  i.period_from || i.period_to ? `${day(i.period_from)} – ${day(i.period_to)}` : '—';

type Props = {
  list: readonly InvoiceListItem[];
  count: number;
  page: number;
  timeZone: string;
  onPage: (page: number) => void;
  onOpen: (uuid: string) => void;
};

/** The affiliate's invoices; the number opens the read-only detail. */
export function MyInvoicesTable({ list, count, page, timeZone, onPage, onOpen }: Props) {
  if (!count)
    return (
      <Text size="sm" c="dimmed">
        No invoices yet.
      </Text>
    );
  const money = (n: number, i: InvoiceListItem) => formatMoney(n, i.currency as Currency);
  return (
    <>
      <Table.ScrollContainer minWidth={760}>
        <PlainTable
          verticalSpacing={8}
          data-testid="my-invoices"
          head={[
            'Number',
            'Period',
            { label: 'Total', ta: 'right' },
            { label: 'Paid', ta: 'right' },
            'Status',
            'Payment system',
            'Created',
          ]}
        >
          {list.map((i) => (
            <Table.Tr key={i.uuid} data-invoice={i.number}>
              <Table.Td>
                <Anchor component="button" type="button" size="sm" onClick={() => onOpen(i.uuid)}>
                  {i.number}
                </Anchor>
              </Table.Td>
              <Table.Td>{period(i)}</Table.Td>
              <Table.Td ta="right">{money(i.total, i)}</Table.Td>
              <Table.Td ta="right">{money(i.paid, i)}</Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLORS[i.status]} variant="light" radius="sm">
                  {PAID_STATUSES[i.status]}
                </Badge>
              </Table.Td>
              <Table.Td>{i.payment_system ? PAYMENT_SYSTEMS[i.payment_system] : '—'}</Table.Td>
              <Table.Td>{formatDate(i.created_at, timeZone).date}</Table.Td>
            </Table.Tr>
          ))}
        </PlainTable>
      </Table.ScrollContainer>
      {count > MY_INVOICES_PAGE && (
        <Group justify="flex-end">
          <Pagination total={Math.ceil(count / MY_INVOICES_PAGE)} value={page} onChange={onPage} size="sm" />
        </Group>
      )}
    </>
  );
}
