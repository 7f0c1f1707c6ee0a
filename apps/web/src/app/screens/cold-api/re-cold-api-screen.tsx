import { useRef, useState } from 'react';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { distributionPath } from '@/features/cold-api/components/cold-labels.tsx';
import { DistributionForm } from '@/features/cold-api/components/distribution-form.tsx';
import { DistributionsTable } from '@/features/cold-api/components/distributions-table.tsx';
import { useDisplayTimeZone } from '../settings/use-display-time-zone.ts';

/** /cold-api/re-cold-api: the distributions re-sending lead lists, and a new one (admin, head, team lead). */
export function ReColdApiScreen() {
  const { timeZone } = useDisplayTimeZone();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  // The drawer unmounts on close, before Mantine could give the focus back: the button takes it back here.
  const newButton = useRef<HTMLButtonElement>(null);
  return (
    <PageFrame
      actions={
        <Button ref={newButton} leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          New distribution
        </Button>
      }
    >
      <DistributionsTable timeZone={timeZone} />
      {creating && (
        <DistributionForm
          timeZone={timeZone}
          onClose={() => {
            setCreating(false);
            newButton.current?.focus();
          }}
          onSaved={(d) => navigate(distributionPath(d.uuid))}
        />
      )}
    </PageFrame>
  );
}
