import type { Option } from '@pxl/contract/constants/options';

/** The parts of the reference constants the offer screens use; the screen loads them (features never import each other). */
export type OfferConstants = {
  macros: readonly string[];
  trackDomains: readonly string[];
  timeZones: Option[];
};
