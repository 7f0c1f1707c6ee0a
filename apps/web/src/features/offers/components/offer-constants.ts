import type { Option } from './offer-labels.ts';

/** The parts of the reference constants the offer screens use; the screen loads them (features never import each other). */
export type OfferConstants = {
  macros: readonly string[];
  trackDomains: readonly string[];
  timeZones: Option[];
};
