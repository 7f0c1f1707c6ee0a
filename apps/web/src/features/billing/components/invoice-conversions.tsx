import { useState } from 'react';
import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconFileDownload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { TablePager } from '@/components/data-table/table-pager.tsx';
import { DateCell } from '@/components/ui/date-cell.tsx';
import { useExport } from '@/lib/export/use-export.ts';
import { listInvoiceConversions, useInvoiceConversions } from '../api/get-invoice.ts';
import { conversionCsvColumns } from './conversion-csv.ts';
import { statusLabel } from '@/lib/labels.ts';
import { conversionPath, money } from './invoice-labels.tsx';
import { PlainTable } from '@/components/ui/plain-table.tsx';

/** "CSV of conversions": every conversion of the invoice, page after page. */
export function ConversionsCsvButton({ uuid, number, timeZone }: { uuid: string; number: string; timeZone: string }) {
  const { run, running } = useExport({
    filename: `${number}-conversions`,
    fetchPage: (page, count) => listInvoiceConversions(uuid, page, count),
    columns: conversionCsvColumns(timeZone),
  });
  return (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconFileDownload size={14} />}
      loading={running}
      onClick={() => void run()}
    >
      CSV of conversions
    </Button>
  );
}

/** The conversions an invoice pays, paged; each opens its conversion detail. */
export function InvoiceConversions({ uuid, timeZone }: { uuid: string; timeZone: string }) {
  const [page, setPage] = useState(1);
  const [count, setCount] = useState(20);
  const conversions = useInvoiceConversions(uuid, page, count);
  const rows = conversions.data?.list ?? [];
  return (
    <Stack gap="xs" style={{ opacity: conversions.isPlaceholderData ? 0.6 : 1 }}>
      <PlainTable
        striped
        verticalSpacing={6}
        fz="sm"
        data-testid="invoice-conversions"
        head={['ID', 'Created', 'Offer', 'Goal', { label: 'Payout', ta: 'right' }, 'Status', 'Paid']}
      >
        {rows.map((c) => (
          <Table.Tr key={c.uuid}>
            <Table.Td>
              <Anchor component={Link} to={conversionPath(c.uuid)} size="sm" ff="monospace">
                {c.uuid.slice(0, 8)}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <DateCell value={c.created_at} timeZone={timeZone} />
            </Table.Td>
            <Table.Td>
              #{c.offer.id} {c.offer.title}
            </Table.Td>
            <Table.Td>{c.goal}</Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {money(c.payout, c.currency)}
            </Table.Td>
            <Table.Td>{statusLabel(c.status)}</Table.Td>
            <Table.Td data-paid={c.paid}>{c.paid ? 'Yes' : 'No'}</Table.Td>
          </Table.Tr>
        ))}
      </PlainTable>
      {!conversions.isPending && rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {conversions.isError
            ? 'The conversions could not be loaded.'
            : 'No conversions: this invoice pays referral earnings or adjustments only.'}
        </Text>
      )}
      <Group justify="flex-end">
        <TablePager
          page={page}
          count={count}
          total={conversions.data?.count}
          onPage={setPage}
          onCount={(n) => {
            setCount(n);
            setPage(1);
          }}
        />
      </Group>
    </Stack>
  );
}
