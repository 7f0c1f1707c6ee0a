import { useNavigate } from 'react-router';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { TicketForm } from '@/features/tickets/components/ticket-form.tsx';

/** /tickets/create: a partner's new ticket; it opens once sent. */
export function TicketCreateScreen() {
  const navigate = useNavigate();
  return (
    <PageFrame title="New ticket">
      <TicketForm onDone={(t) => navigate(`/tickets/${t.uuid}`)} onCancel={() => navigate('/tickets')} />
    </PageFrame>
  );
}
