import { useNavigate, useParams } from 'react-router';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { useLanding } from '@/features/landings/api/get-landing.ts';
import { LandingForm } from '@/features/landings/components/landing-form.tsx';
import { RecordLoader } from '@/components/ui/record-loader.tsx';
import { useLandingConstants } from './use-landing-constants.ts';

/** /landings/create and /landings/edit/{uuid}. */
export function LandingFormScreen() {
  const { uuid } = useParams();
  const navigate = useNavigate();
  const done = () => navigate('/landings');
  const landing = useLanding(uuid);
  const { languages, macros } = useLandingConstants();
  return (
    <PageFrame title={uuid ? 'Edit landing' : 'Create landing'}>
      {uuid ? (
        <RecordLoader query={landing} noun="landing">
          {(record) => (
            <LandingForm key={record.uuid} landing={record} languages={languages} macros={macros} onDone={done} />
          )}
        </RecordLoader>
      ) : (
        <LandingForm languages={languages} macros={macros} onDone={done} />
      )}
    </PageFrame>
  );
}
