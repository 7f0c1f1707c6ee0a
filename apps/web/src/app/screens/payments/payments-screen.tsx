import { useState } from 'react';
import { Paper, Stack, Title } from '@mantine/core';
import { FiveSquareLoader } from '@/components/ui/five-square-loader.tsx';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { useMyInvoices } from '@/features/payments/api/my-invoices.ts';
import { BalanceTable } from '@/features/payments/components/balance-table.tsx';
import { MyInvoicesTable } from '@/features/payments/components/my-invoices-table.tsx';
import { PayoutOutlook } from '@/features/payments/components/payout-outlook.tsx';
import { useMyBalance } from '@/lib/queries/my-balance.ts';
import { useDisplayTimeZone } from '../settings/use-display-time-zone.ts';
import { MyInvoiceDrawer } from './my-invoice-drawer.tsx';

/** /payments: the affiliate's balances, when they are paid next, and their invoices (docs/product/billing.md). */
export function PaymentsScreen() {
  const balance = useMyBalance();
  const [page, setPage] = useState(1);
  const invoices = useMyInvoices(page);
  const [open, setOpen] = useState<string | null>(null);
  const { timeZone } = useDisplayTimeZone();
  return (
    <PageFrame>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Title order={4}>Balance</Title>
          {balance.isPending && <FiveSquareLoader />}
          {balance.data && (
            <>
              <BalanceTable balances={balance.data.balances} />
              <PayoutOutlook balance={balance.data} />
            </>
          )}
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Title order={4}>Invoices</Title>
          {invoices.isPending && <FiveSquareLoader />}
          {invoices.data && (
            <MyInvoicesTable
              list={invoices.data.list}
              count={invoices.data.count}
              page={page}
              timeZone={timeZone}
              onPage={setPage}
              onOpen={setOpen}
            />
          )}
        </Stack>
      </Paper>
      <MyInvoiceDrawer uuid={open} timeZone={timeZone} onClose={() => setOpen(null)} />
    </PageFrame>
  );
}
