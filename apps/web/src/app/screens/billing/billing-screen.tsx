import { Button } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { InvoicesTable } from '@/features/billing/components/invoices-table.tsx';
import { useNetworkTimeZone } from '../roles/use-network-time-zone.ts';

/** /billing: the invoices to the affiliates (admin and head). */
export function BillingScreen() {
  const timeZone = useNetworkTimeZone();
  return (
    <PageFrame
      actions={
        <Button component={Link} to="/billing/invoice-create" leftSection={<IconFileInvoice size={16} />}>
          Generate invoices
        </Button>
      }
    >
      <InvoicesTable timeZone={timeZone} />
    </PageFrame>
  );
}
