import { useNavigate, useParams } from 'react-router';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { useAffiliate } from '@/features/affiliates/api/get-affiliate.ts';
import { AffiliateForm } from '@/features/affiliates/components/affiliate-form.tsx';
import { RecordLoader } from './record-loader.tsx';

/** /roles/affiliates/create and /roles/affiliates/edit/{uuid}. */
export function AffiliateFormScreen() {
  const { uuid } = useParams();
  const navigate = useNavigate();
  const done = () => navigate('/roles/affiliates');
  const affiliate = useAffiliate(uuid);
  return (
    <PageFrame title={uuid ? 'Edit affiliate' : 'Create affiliate'}>
      {uuid ? (
        <RecordLoader query={affiliate}>
          {(record) => <AffiliateForm key={record.uuid} affiliate={record} onDone={done} />}
        </RecordLoader>
      ) : (
        <AffiliateForm onDone={done} />
      )}
    </PageFrame>
  );
}
