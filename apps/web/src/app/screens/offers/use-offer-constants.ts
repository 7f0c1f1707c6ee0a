import { MACROS } from '@pxl/contract/constants/constants.data';
import { useConstants } from '@/features/constants/api/get-constants.ts';
import type { OfferConstants } from '@/features/offers/components/offer-constants.ts';

/** Macros, tracking domains and time zones from the reference constants, for the offer features. */
export function useOfferConstants(): OfferConstants {
  const constants = useConstants().data;
  return {
    // Until the constants arrive, the contract's own list says the same.
    macros: constants?.macros ?? MACROS,
    trackDomains: constants?.track_domains ?? [],
    timeZones: Object.entries(constants?.time_zones ?? {}).map(([value, label]) => ({ value, label })),
  };
}
