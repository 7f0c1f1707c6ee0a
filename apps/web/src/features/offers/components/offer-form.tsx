import { Stack } from '@mantine/core';
import { canCall } from '@pxl/contract/access/endpoint';
import { offersApi } from '@pxl/contract/offers/index';
import type { OfferDetail, OfferType } from '@pxl/contract/offers/offers.schemas';
import { CapsSection } from './caps-section.tsx';
import { GoalsSection } from './goals-section.tsx';
import { LandingsSection } from './landings-section.tsx';
import type { OfferConstants } from './offer-constants.ts';
import { PrimarySection } from './primary-section.tsx';
import { ProductsSection } from './products-section.tsx';
import { LockedSections } from './section-card.tsx';
import { TargetingSection } from './targeting-section.tsx';
import { TrustedSection } from './trusted-section.tsx';
import { TrafficQualitySection } from './traffic-quality-section.tsx';
import { useCurrentRole } from '@/lib/session/auth-store.ts';

const LATER = ['Goals & payouts', 'caps', 'targeting', 'trusted affiliates', 'landings', 'traffic quality'];

/** Create (primary section only) or edit an offer; each section saves on its own. */
export function OfferForm({
  type,
  offer,
  timeZone,
  constants,
  onCreated,
}: {
  type: OfferType;
  offer?: OfferDetail;
  timeZone: string;
  constants: OfferConstants;
  onCreated: (offer: OfferDetail) => void;
}) {
  // Traffic quality is admin and head's, like Settings › Fraud (docs/product/fraud.md): a manager does not see it.
  const quality = canCall(offersApi.saveFraudSettings, useCurrentRole());
  const later = LATER.filter((name) => quality || name !== 'traffic quality');
  return (
    <Stack gap="md" maw={1200}>
      <PrimarySection type={type} offer={offer} timeZone={timeZone} macros={constants.macros} onCreated={onCreated} />
      {offer ? (
        <>
          <GoalsSection offer={offer} />
          <CapsSection offer={offer} />
          <TargetingSection offer={offer} />
          <TrustedSection offer={offer} />
          <LandingsSection offer={offer} />
          {type === 'api' && <ProductsSection offer={offer} timeZone={timeZone} timeZones={constants.timeZones} />}
          {quality && <TrafficQualitySection offer={offer} />}
        </>
      ) : (
        <LockedSections names={type === 'api' ? [...later, 'products'] : later} />
      )}
    </Stack>
  );
}
