import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { canCall } from '@pxl/contract/access/endpoint';
import { managersApi } from '@pxl/contract/managers/index';
import { ticketsApi } from '@pxl/contract/tickets/index';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { TicketsTable } from '@/features/tickets/components/tickets-table.tsx';
import { useCurrentRole } from '@/lib/session/auth-store.ts';
import { useNetworkTimeZone } from '../roles/use-network-time-zone.ts';

/** /tickets: partners their own tickets and "New ticket"; staff those of the partners in their scope. */
export function TicketsScreen() {
  const role = useCurrentRole();
  const timeZone = useNetworkTimeZone();
  const partner = canCall(ticketsApi.create, role);
  return (
    <PageFrame
      actions={
        partner && (
          <Button component={Link} to="/tickets/create" leftSection={<IconPlus size={16} />}>
            New ticket
          </Button>
        )
      }
    >
      <TicketsTable timeZone={timeZone} staff={!partner} canFilterManager={canCall(managersApi.list, role)} />
    </PageFrame>
  );
}
