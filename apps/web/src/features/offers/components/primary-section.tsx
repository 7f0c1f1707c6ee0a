import { MultiSelect, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { GeosField, NotesField } from '@/components/forms/fields.tsx';
import { useFormValues } from '@/components/forms/use-form-values.ts';
import {
  OFFER_PRIVACIES,
  offerCreateSchema,
  offerUpdateSchema,
  type OfferDetail,
  type OfferType,
} from '@pxl/contract/offers/offers.schemas';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useSaveOffer } from '../api/save-offer.ts';
import { AdvertiserSelect } from '@/components/pickers/advertiser-picker.tsx';
import { statusOptions } from '@/lib/labels.ts';
import { TRAFFIC_OPTIONS, VERTICAL_OPTIONS } from './offer-labels.ts';
import { CURRENCY_OPTIONS } from '@/lib/options.ts';
import { OfferUrlFields } from './offer-url-fields.tsx';
import { primaryBody, primaryToValues, type PrimaryValues } from './primary-values.ts';
import { SectionCard } from './section-card.tsx';

const PRIVACY_OPTIONS = statusOptions(OFFER_PRIVACIES);

/** Title, vertical, privacy, advertiser, money currency, geos, dates, notes and (direct link) URLs. */
export function PrimarySection({
  type,
  offer,
  timeZone,
  macros,
  onCreated,
}: {
  type: OfferType;
  macros: readonly string[];
  offer?: OfferDetail;
  timeZone: string;
  onCreated: (offer: OfferDetail) => void;
}) {
  const { errors, submit: send, saving } = useSaveForm(useSaveOffer(offer?.uuid));
  const { values, set, text, choice, list } = useFormValues<PrimaryValues>(
    () => primaryToValues(offer, timeZone),
    errors,
  );
  const direct = type === 'direct_link';

  const submit = () => {
    const body = primaryBody(values, type, timeZone);
    send(offer ? offerUpdateSchema : offerCreateSchema, offer ? body : { ...body, type }, {
      notice: (saved) => `Offer ${saved.id} ${offer ? 'saved' : 'created'}`,
      onSaved: (saved) => {
        if (!offer) onCreated(saved);
      },
    });
  };

  return (
    <SectionCard
      title="Primary"
      testId="section-primary"
      onSave={submit}
      saving={saving}
      saveLabel={offer ? 'Save primary section' : 'Create offer'}
      description={
        offer ? undefined : 'Saving creates the offer (not active); goals, caps and the other sections open next.'
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
        <TextInput label="Title" required {...text('title')} />
        <Select
          label="Vertical"
          name="vertical"
          required
          placeholder="Choose a vertical"
          searchable
          data={VERTICAL_OPTIONS}
          value={values.vertical}
          error={errors.vertical}
          onChange={(vertical) => set({ vertical })}
        />
        <Select label="Privacy" data={PRIVACY_OPTIONS} {...choice('privacy')} />
        {direct && (
          <AdvertiserSelect
            required
            value={values.advertiser_uuid}
            error={errors.advertiser_uuid}
            known={offer?.advertiser ? [{ value: offer.advertiser.uuid, label: offer.advertiser.name }] : []}
            onChange={(advertiser_uuid) => set({ advertiser_uuid })}
          />
        )}
        <Select label="Currency" data={CURRENCY_OPTIONS} {...choice('currency')} />
        <TextInput label="Image URL" placeholder="https://…" {...text('image_url')} />
        <TextInput
          type="datetime-local"
          label="Starts at"
          description={`Time zone ${timeZone}`}
          {...text('starts_at')}
        />
        <TextInput type="datetime-local" label="Stops at" description={`Time zone ${timeZone}`} {...text('stops_at')} />
      </SimpleGrid>
      <GeosField placeholder="Every country when empty" {...list('geos')} />
      <MultiSelect
        label="Traffic sources"
        placeholder="Allowed traffic sources"
        searchable
        clearable
        data={TRAFFIC_OPTIONS}
        {...list('traffic_sources')}
      />
      <Textarea label="Description" autosize minRows={3} maxRows={10} {...text('description')} />
      {direct && <OfferUrlFields values={values} errors={errors} set={set} macros={macros} />}
      <NotesField
        label="Private notes"
        description="Staff only: never shown to affiliates or advertisers"
        {...text('notes')}
      />
    </SectionCard>
  );
}
