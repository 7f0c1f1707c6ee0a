import { useState } from 'react';
import { MultiSelect, SimpleGrid } from '@mantine/core';
import { DEVICES, OSS } from '@pxl/contract/constants/constants.data';
import { offerTargetingInputSchema, type OfferDetail } from '@pxl/contract/offers/offers.schemas';
import { apiFieldErrors, zodFieldErrors, type FieldErrors } from '@/lib/form-errors.ts';
import { notifySuccess } from '@/lib/notifications/notification-store.ts';
import { useSaveOfferTargeting } from '../api/save-offer-targeting.ts';
import { statusOptions } from '@/lib/labels.ts';
import { SectionCard } from './section-card.tsx';

/** Devices and operating systems the offer takes; empty takes them all. */
export function TargetingSection({ offer }: { offer: OfferDetail }) {
  const [devices, setDevices] = useState<string[]>(() => [...offer.devices]);
  const [oss, setOss] = useState<string[]>(() => [...offer.oss]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveOfferTargeting(offer.uuid);
  const submit = () => {
    const parsed = offerTargetingInputSchema.safeParse({ devices, oss });
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    setErrors({});
    save.mutate(parsed.data, { onSuccess: () => notifySuccess('Targeting saved'), onError: (error) => setErrors(apiFieldErrors(error)) });
  };
  return (
    <SectionCard title="Targeting" testId="section-targeting" onSave={submit} saving={save.isPending} saveLabel="Save targeting"
      description="Other traffic goes to trafficback. Leave a list empty to take every device or OS.">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <MultiSelect label="Devices" name="devices" placeholder="Every device" clearable data={statusOptions(DEVICES)} value={devices}
          error={errors.devices} onChange={setDevices} />
        <MultiSelect label="Operating systems" name="oss" placeholder="Every OS" clearable data={statusOptions(OSS)} value={oss}
          error={errors.oss} onChange={setOss} />
      </SimpleGrid>
    </SectionCard>
  );
}
