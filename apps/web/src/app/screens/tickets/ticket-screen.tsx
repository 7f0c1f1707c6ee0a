import { useParams } from 'react-router';
import { canCall } from '@pxl/contract/access/endpoint';
import { ticketsApi } from '@pxl/contract/tickets/index';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { useTicket } from '@/features/tickets/api/tickets.ts';
import { TicketView } from '@/features/tickets/components/ticket-view.tsx';
import { useCurrentRole } from '@/lib/session/auth-store.ts';
import { RecordLoader } from '../roles/record-loader.tsx';
import { useNetworkTimeZone } from '../roles/use-network-time-zone.ts';
import { NotFound } from '../../errors/not-found.tsx';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /tickets/{uuid}: the thread; opening it marks it read. Anything else below /tickets (staff opening
 * /tickets/create, a typo) is the not-found page, as for any path outside the role's set.
 */
export function TicketScreen() {
  const { uuid } = useParams();
  return uuid && UUID.test(uuid) ? <TicketThreadScreen uuid={uuid} /> : <NotFound />;
}

function TicketThreadScreen({ uuid }: { uuid: string }) {
  const role = useCurrentRole();
  const timeZone = useNetworkTimeZone();
  const ticket = useTicket(uuid);
  return (
    <PageFrame title="Ticket">
      <RecordLoader query={ticket}>
        {(t) => (
          <TicketView
            ticket={t}
            timeZone={timeZone}
            staff={!canCall(ticketsApi.create, role)}
            canDecide={canCall(ticketsApi.decideAccess, role)}
          />
        )}
      </RecordLoader>
    </PageFrame>
  );
}
