import { EMPTY_SUBS, SUBS, type SubValues } from '@/components/forms/sub-inputs.tsx';
import type { PickedOffer } from './offer-select.tsx';

export type SimulationValues = {
  offer: PickedOffer | null;
  affiliate: string | null;
  landing: number | null;
  country: string | null;
  device: string | null;
  os: string | null;
  /** The visitor's IP and user agent, scored for traffic quality (empty: none). */
  ip: string;
  userAgent: string;
  subs: SubValues;
  testConversion: boolean;
};

export const EMPTY_VALUES: SimulationValues = {
  offer: null,
  affiliate: null,
  landing: null,
  country: null,
  device: null,
  os: null,
  ip: '',
  userAgent: '',
  subs: EMPTY_SUBS,
  testConversion: false,
};

/**
 * The request body before the contract's schema checks it in the form, so a missing offer or affiliate is named beside
 * its input without a round trip. Error keys are the body's (offer_id, affiliate_uuid…), as the server's are.
 */
export function simulationInput(values: SimulationValues) {
  const subs = Object.fromEntries(SUBS.filter((k) => values.subs[k].trim()).map((k) => [k, values.subs[k].trim()]));
  return {
    // 0 and '' fail the schema with its own "Choose an offer" / "Choose an affiliate".
    offer_id: values.offer?.id ?? 0,
    affiliate_uuid: values.affiliate ?? '',
    landing_id: values.landing,
    country: values.country,
    device: values.device,
    os: values.os,
    ...(values.ip.trim() && { ip: values.ip.trim() }),
    ...(values.userAgent.trim() && { user_agent: values.userAgent.trim() }),
    ...subs,
    test_conversion: values.testConversion,
  };
}
