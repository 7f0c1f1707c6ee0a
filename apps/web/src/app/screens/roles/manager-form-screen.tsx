import { useNavigate, useParams } from 'react-router';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { useManager } from '@/features/managers/api/get-manager.ts';
import { ManagerForm } from '@/features/managers/components/manager-form.tsx';
import { RecordLoader } from './record-loader.tsx';

/** /roles/managers/create and /roles/managers/edit/{uuid}. */
export function ManagerFormScreen() {
  const { uuid } = useParams();
  const navigate = useNavigate();
  const done = () => navigate('/roles/managers');
  const manager = useManager(uuid);
  return (
    <PageFrame title={uuid ? 'Edit manager' : 'Create manager'}>
      {uuid ? (
        <RecordLoader query={manager}>
          {(record) => <ManagerForm key={record.uuid} manager={record} onDone={done} />}
        </RecordLoader>
      ) : (
        <ManagerForm onDone={done} />
      )}
    </PageFrame>
  );
}
