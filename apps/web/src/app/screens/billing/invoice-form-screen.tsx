import { useLocation, useNavigate, useParams } from 'react-router';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { useInvoice } from '@/features/billing/api/get-invoice.ts';
import { GenerateForm } from '@/features/billing/components/generate-form.tsx';
import { InvoiceDelete } from '@/features/billing/components/invoice-delete.tsx';
import { InvoiceEditForm } from '@/features/billing/components/invoice-edit-form.tsx';
import { detailPath } from '@/features/billing/components/invoice-labels.tsx';
import { usePublicSettings } from '@/features/settings/api/get-public-settings.ts';
import { todayIn } from '@/lib/format/dates.ts';
import { useNetworkTimeZone } from '../roles/use-network-time-zone.ts';
import { RecordLoader } from '@/components/ui/record-loader.tsx';

type Mode = 'create' | 'edit' | 'delete';
const TITLES: Record<Mode, string> = { create: 'Generate invoices', edit: 'Edit invoice', delete: 'Delete invoice' };

const modeOf = (pathname: string): Mode =>
  pathname.includes('/invoice-delete/') ? 'delete' : pathname.includes('/invoice-edit/') ? 'edit' : 'create';

/** Conversions ticked in the conversions log come in the navigation state (too many for a URL). */
const pickedConversions = (state: unknown): string[] => {
  const uuids = (state as { conversion_uuids?: unknown } | null)?.conversion_uuids;
  return Array.isArray(uuids) ? uuids.filter((u): u is string => typeof u === 'string') : [];
};

/** /billing/invoice-create, /billing/invoice-edit/{uuid} and /billing/invoice-delete/{uuid}: the route picks the mode. */
export function InvoiceFormScreen() {
  const { uuid } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const timeZone = useNetworkTimeZone();
  // The default period is last month in the network's zone: the form waits for it rather than start in UTC and
  // reset what was already typed when the zone arrives.
  const zoneKnown = !usePublicSettings().isPending;
  const mode = modeOf(location.pathname);
  const invoice = useInvoice(mode === 'create' ? undefined : uuid);
  const toDetail = () => navigate(uuid ? detailPath(uuid) : '/billing');
  return (
    <PageFrame title={TITLES[mode]}>
      {mode === 'create' ? (
        zoneKnown && (
          <GenerateForm
            today={todayIn(timeZone)}
            conversionUuids={pickedConversions(location.state)}
            onDone={(created) => navigate(created.length === 1 ? detailPath(created[0]!.uuid) : '/billing')}
          />
        )
      ) : (
        <RecordLoader query={invoice} noun="invoice">
          {(record) =>
            mode === 'edit' ? (
              <InvoiceEditForm key={record.uuid} invoice={record} onDone={toDetail} />
            ) : (
              <InvoiceDelete
                invoice={record}
                timeZone={timeZone}
                onDeleted={() => navigate('/billing')}
                onCancel={toDetail}
              />
            )
          }
        </RecordLoader>
      )}
    </PageFrame>
  );
}
