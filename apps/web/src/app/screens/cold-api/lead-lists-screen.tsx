import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { addPath } from '@/features/cold-api/components/cold-labels.tsx';
import { LeadListForm } from '@/features/cold-api/components/lead-list-form.tsx';
import { LeadListsTable } from '@/features/cold-api/components/lead-lists-table.tsx';
import { useDisplayTimeZone } from '../settings/use-display-time-zone.ts';

/** /cold-api/lead-list: the lead lists; a new one goes on to its add page. */
export function LeadListsScreen() {
  const { timeZone } = useDisplayTimeZone();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  return (
    <PageFrame
      actions={
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          New lead list
        </Button>
      }
    >
      <LeadListsTable timeZone={timeZone} />
      {creating && (
        <LeadListForm onClose={() => setCreating(false)} onSaved={(l) => navigate(addPath(l.uuid, l.source))} />
      )}
    </PageFrame>
  );
}
