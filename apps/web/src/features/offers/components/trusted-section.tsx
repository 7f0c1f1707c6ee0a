import { useState } from 'react';
import { offerTrustedInputSchema, type OfferDetail } from '@pxl/contract/offers/offers.schemas';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useSaveOfferTrusted } from '../api/save-offer-trusted.ts';
import { AffiliateMultiSelect } from '@/components/pickers/affiliate-picker.tsx';
import { SectionCard } from './section-card.tsx';
import { refOption } from './offer-labels.ts';

const HINTS = {
  public:
    'The offer is public: every affiliate may run it. Trusted affiliates matter once it turns private or premoderated.',
  premoderation:
    'Trusted affiliates run the offer at once; the others ask for access, and approving a request adds them here.',
  private: 'Only these affiliates see and run the offer.',
} as const;

/** Affiliates allowed on a private or premoderated offer (those in the caller's scope). */
export function TrustedSection({ offer }: { offer: OfferDetail }) {
  const [uuids, setUuids] = useState<string[]>(() => offer.trusted.map((t) => t.uuid));
  const { errors, submit: send, saving } = useSaveForm(useSaveOfferTrusted(offer.uuid));
  const submit = () =>
    send(
      offerTrustedInputSchema,
      { affiliate_uuids: uuids },
      {
        notice: 'Trusted affiliates saved',
        onSaved: (saved) => setUuids(saved.trusted.map((t) => t.uuid)),
      },
    );
  return (
    <SectionCard
      title="Trusted affiliates"
      testId="section-trusted"
      onSave={submit}
      saving={saving}
      saveLabel="Save trusted affiliates"
      description={HINTS[offer.privacy]}
    >
      <AffiliateMultiSelect
        label="Trusted affiliates"
        name="affiliate_uuids"
        value={uuids}
        known={offer.trusted.map(refOption)}
        error={errors.affiliate_uuids}
        onChange={setUuids}
      />
    </SectionCard>
  );
}
