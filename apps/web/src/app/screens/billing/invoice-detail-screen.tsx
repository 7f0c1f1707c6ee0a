import { useParams } from 'react-router';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { useInvoice } from '@/features/billing/api/get-invoice.ts';
import { InvoiceDetail } from '@/features/billing/components/invoice-detail.tsx';
import { usePublicSettings } from '@/features/settings/api/get-public-settings.ts';
import { todayIn } from '@/lib/format/dates.ts';
import { RecordLoader } from '@/components/ui/record-loader.tsx';

/** /billing/invoice-detail/{uuid}: one invoice, its payments and what can be done to it (admin and head). */
export function InvoiceDetailScreen() {
  const { uuid } = useParams();
  const invoice = useInvoice(uuid);
  const settings = usePublicSettings().data;
  const timeZone = settings?.time_zone ?? 'UTC';
  return (
    <PageFrame title="Invoice">
      <RecordLoader query={invoice} noun="invoice">
        {(record) => (
          <InvoiceDetail
            invoice={record}
            timeZone={timeZone}
            today={todayIn(timeZone)}
            issuer={settings?.partner_title ?? ''}
          />
        )}
      </RecordLoader>
    </PageFrame>
  );
}
