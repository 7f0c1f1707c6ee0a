import { useParams } from 'react-router';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { RecordLoader } from '@/components/ui/record-loader.tsx';
import { useReconImport } from '@/features/reconciliation/api/get-import.ts';
import { DifferencesCsvButton } from '@/features/reconciliation/components/import-header.tsx';
import { ImportDetail } from '@/features/reconciliation/components/import-detail.tsx';
import { useNetworkTimeZone } from '../roles/use-network-time-zone.ts';

/**
 * /billing/reconciliation/{uuid}: one import of an advertiser's report (admin, head; a manager for the advertisers
 * they manage, another's import answers 404 and shows as not found).
 */
export function ReconciliationDetailScreen() {
  const { uuid } = useParams();
  const imp = useReconImport(uuid);
  const timeZone = useNetworkTimeZone();
  return (
    <PageFrame title="Reconciliation" actions={imp.data && <DifferencesCsvButton imp={imp.data} />}>
      <RecordLoader query={imp} noun="import">
        {(record) => <ImportDetail imp={record} timeZone={timeZone} />}
      </RecordLoader>
    </PageFrame>
  );
}
