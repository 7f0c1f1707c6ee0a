import { useState } from 'react';
import { MultiSelect, SimpleGrid } from '@mantine/core';
import { DEVICES, OSS } from '@pxl/contract/constants/constants.data';
import { offerTargetingInputSchema, type OfferDetail } from '@pxl/contract/offers/offers.schemas';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useSaveOfferTargeting } from '../api/save-offer-targeting.ts';
import { statusOptions } from '@/lib/labels.ts';
import { SectionCard } from './section-card.tsx';

/** Devices and operating systems the offer takes; empty takes them all. */
export function TargetingSection({ offer }: { offer: OfferDetail }) {
  const [devices, setDevices] = useState<string[]>(() => [...offer.devices]);
  const [oss, setOss] = useState<string[]>(() => [...offer.oss]);
  const { errors, submit: send, saving } = useSaveForm(useSaveOfferTargeting(offer.uuid));
  const submit = () => send(offerTargetingInputSchema, { devices, oss }, { notice: 'Targeting saved' });
  return (
    <SectionCard
      title="Targeting"
      testId="section-targeting"
      onSave={submit}
      saving={saving}
      saveLabel="Save targeting"
      description="Other traffic goes to trafficback. Leave a list empty to take every device or OS."
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <MultiSelect
          label="Devices"
          name="devices"
          placeholder="Every device"
          clearable
          data={statusOptions(DEVICES)}
          value={devices}
          error={errors.devices}
          onChange={setDevices}
        />
        <MultiSelect
          label="Operating systems"
          name="oss"
          placeholder="Every OS"
          clearable
          data={statusOptions(OSS)}
          value={oss}
          error={errors.oss}
          onChange={setOss}
        />
      </SimpleGrid>
    </SectionCard>
  );
}
