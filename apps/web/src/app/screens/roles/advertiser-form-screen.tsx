import { useNavigate, useParams } from 'react-router';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { useAdvertiser } from '@/features/advertisers/api/get-advertiser.ts';
import { AdvertiserForm } from '@/features/advertisers/components/advertiser-form.tsx';
import { RecordLoader } from './record-loader.tsx';

/** /roles/advertisers/create and /roles/advertisers/edit/{uuid}. */
export function AdvertiserFormScreen() {
  const { uuid } = useParams();
  const navigate = useNavigate();
  const done = () => navigate('/roles/advertisers');
  const advertiser = useAdvertiser(uuid);
  return (
    <PageFrame title={uuid ? 'Edit advertiser' : 'Create advertiser'}>
      {uuid ? (
        <RecordLoader query={advertiser}>
          {(record) => <AdvertiserForm key={record.uuid} advertiser={record} onDone={done} />}
        </RecordLoader>
      ) : (
        <AdvertiserForm onDone={done} />
      )}
    </PageFrame>
  );
}
