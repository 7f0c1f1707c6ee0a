import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { RecordLoader } from '@/components/ui/record-loader.tsx';
import { useDistribution } from '@/features/cold-api/api/distributions.ts';
import { DistributionButtons } from '@/features/cold-api/components/distribution-actions.tsx';
import { DistributionForm } from '@/features/cold-api/components/distribution-form.tsx';
import { DistributionView } from '@/features/cold-api/components/distribution-view.tsx';
import { useDisplayTimeZone } from '../settings/use-display-time-zone.ts';

/** /cold-api/re-cold-api/list/{uuid}: one distribution, live while it runs. */
export function DistributionScreen() {
  const { uuid } = useParams();
  const { timeZone } = useDisplayTimeZone();
  const navigate = useNavigate();
  const distribution = useDistribution(uuid);
  const [editing, setEditing] = useState(false);
  return (
    <PageFrame>
      <RecordLoader query={distribution} noun="distribution">
        {(d) => (
          <>
            <DistributionView
              d={d}
              timeZone={timeZone}
              actions={
                <DistributionButtons
                  d={d}
                  onEdit={() => setEditing(true)}
                  onDeleted={() => navigate('/cold-api/re-cold-api')}
                />
              }
            />
            {editing && <DistributionForm distribution={d} timeZone={timeZone} onClose={() => setEditing(false)} />}
          </>
        )}
      </RecordLoader>
    </PageFrame>
  );
}
