import { useState } from 'react';
import { offerTrustedInputSchema, type OfferDetail } from '@pxl/contract/offers/offers.schemas';
import { apiFieldErrors, zodFieldErrors, type FieldErrors } from '@/lib/form-errors.ts';
import { notifySuccess } from '@/lib/notifications/notification-store.ts';
import { useSaveOfferTrusted } from '../api/save-offer-trusted.ts';
import { AffiliateMultiSelect } from './affiliate-select.tsx';
import { SectionCard } from './section-card.tsx';
import { refOption } from './offer-labels.ts';

const HINTS = {
  public: 'The offer is public: every affiliate may run it. Trusted affiliates matter once it turns private or premoderated.',
  premoderation: 'Trusted affiliates run the offer at once; the others ask for access, and approving a request adds them here.',
  private: 'Only these affiliates see and run the offer.',
} as const;

/** Affiliates allowed on a private or premoderated offer (those in the caller's scope). */
export function TrustedSection({ offer }: { offer: OfferDetail }) {
  const [uuids, setUuids] = useState<string[]>(() => offer.trusted.map((t) => t.uuid));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveOfferTrusted(offer.uuid);
  const submit = () => {
    const parsed = offerTrustedInputSchema.safeParse({ affiliate_uuids: uuids });
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: (saved) => { notifySuccess('Trusted affiliates saved'); setUuids(saved.trusted.map((t) => t.uuid)); },
      onError: (error) => setErrors(apiFieldErrors(error)),
    });
  };
  return (
    <SectionCard title="Trusted affiliates" testId="section-trusted" onSave={submit} saving={save.isPending} saveLabel="Save trusted affiliates"
      description={HINTS[offer.privacy]}>
      <AffiliateMultiSelect label="Trusted affiliates" name="affiliate_uuids" value={uuids} known={offer.trusted.map(refOption)}
        error={errors.affiliate_uuids} onChange={setUuids} />
    </SectionCard>
  );
}
