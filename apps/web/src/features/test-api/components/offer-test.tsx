import { useState } from 'react';
import { IconPlayerPlay } from '@tabler/icons-react';
import { offerTestSchema } from '@pxl/contract/leads/leads.schemas';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useTestOffer } from '../api/test-offer.ts';
import { AffiliateSelect } from '@/components/pickers/affiliate-picker.tsx';
import { RunButton, TestBench } from './test-bench.tsx';
import { OfferResult } from './offer-result.tsx';
import { OfferSelect, type PickedOffer } from './offer-select.tsx';
import { TestPersonFields } from './test-person-fields.tsx';
import { defaultPerson, testLeadInput, type PersonValues } from './test-person-values.ts';

/** Settings › Test API › Offer: an API offer, an affiliate, a test person, "Run test lead", and the waterfall it went down. */
export function OfferTest() {
  const [offer, setOffer] = useState<PickedOffer | null>(null);
  const [affiliate, setAffiliate] = useState<string | null>(null);
  const [person, setPerson] = useState<PersonValues>(defaultPerson);
  const run = useTestOffer();
  const { errors, submit: send } = useSaveForm(run);
  return (
    <TestBench
      label="Test lead"
      formSpan={5}
      formPadding={{ base: 'sm', sm: 'lg' }}
      // 0 and '' fail the schema with its own "Choose an offer" / "Choose an affiliate".
      onSubmit={() =>
        send(offerTestSchema, {
          offer_id: offer?.id ?? 0,
          affiliate_uuid: affiliate ?? '',
          lead: testLeadInput(person),
        })
      }
      form={
        <>
          <OfferSelect
            type="api"
            value={offer}
            error={errors.offer_id}
            onChange={(o) => {
              setOffer(o);
              run.reset();
            }}
          />
          <AffiliateSelect
            name="affiliate_uuid"
            required
            placeholder="Search by name, email or ID"
            value={affiliate}
            error={errors.affiliate_uuid}
            onChange={(a) => {
              setAffiliate(a);
              run.reset();
            }}
          />
          <TestPersonFields value={person} errors={errors} onChange={setPerson} />
          <RunButton icon={IconPlayerPlay} loading={run.isPending}>
            Run test lead
          </RunButton>
        </>
      }
      data={run.data}
      result={(r) => <OfferResult result={r} />}
      hint="Choose an API offer and an affiliate, then run a test lead to see each product it was offered to, in order, and why."
    />
  );
}
