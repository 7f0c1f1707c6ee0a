import { useState } from 'react';
import { MultiSelect, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import {
  OFFER_PRIVACIES,
  offerCreateSchema,
  offerUpdateSchema,
  type OfferDetail,
  type OfferType,
} from '@pxl/contract/offers/offers.schemas';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useSaveOffer } from '../api/save-offer.ts';
import { AdvertiserSelect } from './advertiser-select.tsx';
import { statusOptions } from '@/lib/labels.ts';
import { TRAFFIC_OPTIONS, VERTICAL_OPTIONS } from './offer-labels.ts';
import { CURRENCY_OPTIONS, GEO_OPTIONS } from '@/lib/options.ts';
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
  const [values, setValues] = useState<PrimaryValues>(() => primaryToValues(offer, timeZone));
  const { errors, submit: send, saving } = useSaveForm(useSaveOffer(offer?.uuid));
  const set = (patch: Partial<PrimaryValues>) => setValues((v) => ({ ...v, ...patch }));
  const text = (key: 'title' | 'image_url') => ({
    name: key,
    value: values[key],
    error: errors[key],
    onChange: (e: { currentTarget: { value: string } }) => set({ [key]: e.currentTarget.value }),
  });
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
        <Select
          label="Privacy"
          name="privacy"
          data={PRIVACY_OPTIONS}
          allowDeselect={false}
          value={values.privacy}
          error={errors.privacy}
          onChange={(v) => v && set({ privacy: v as PrimaryValues['privacy'] })}
        />
        {direct && (
          <AdvertiserSelect
            required
            value={values.advertiser_uuid}
            error={errors.advertiser_uuid}
            known={offer?.advertiser ? [{ value: offer.advertiser.uuid, label: offer.advertiser.name }] : []}
            onChange={(advertiser_uuid) => set({ advertiser_uuid })}
          />
        )}
        <Select
          label="Currency"
          name="currency"
          data={CURRENCY_OPTIONS}
          allowDeselect={false}
          value={values.currency}
          error={errors.currency}
          onChange={(v) => v && set({ currency: v as PrimaryValues['currency'] })}
        />
        <TextInput label="Image URL" placeholder="https://…" {...text('image_url')} />
        <TextInput
          type="datetime-local"
          label="Starts at"
          name="starts_at"
          description={`Time zone ${timeZone}`}
          value={values.starts_at}
          error={errors.starts_at}
          onChange={(e) => set({ starts_at: e.currentTarget.value })}
        />
        <TextInput
          type="datetime-local"
          label="Stops at"
          name="stops_at"
          description={`Time zone ${timeZone}`}
          value={values.stops_at}
          error={errors.stops_at}
          onChange={(e) => set({ stops_at: e.currentTarget.value })}
        />
      </SimpleGrid>
      <MultiSelect
        label="Geos"
        name="geos"
        placeholder="Every country when empty"
        searchable
        clearable
        data={GEO_OPTIONS}
        value={values.geos}
        error={errors.geos}
        onChange={(geos) => set({ geos })}
      />
      <MultiSelect
        label="Traffic sources"
        name="traffic_sources"
        placeholder="Allowed traffic sources"
        searchable
        clearable
        data={TRAFFIC_OPTIONS}
        value={values.traffic_sources}
        error={errors.traffic_sources}
        onChange={(traffic_sources) => set({ traffic_sources })}
      />
      <Textarea
        label="Description"
        name="description"
        autosize
        minRows={3}
        maxRows={10}
        value={values.description}
        error={errors.description}
        onChange={(e) => set({ description: e.currentTarget.value })}
      />
      {direct && <OfferUrlFields values={values} errors={errors} set={set} macros={macros} />}
      <Textarea
        label="Private notes"
        name="notes"
        description="Staff only: never shown to affiliates or advertisers"
        autosize
        minRows={2}
        maxRows={6}
        value={values.notes}
        error={errors.notes}
        onChange={(e) => set({ notes: e.currentTarget.value })}
      />
    </SectionCard>
  );
}
