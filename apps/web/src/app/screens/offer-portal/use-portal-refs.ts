import { useMemo } from 'react';
import { toOptions } from '@pxl/contract/constants/options';
import { useConstants } from '@/features/constants/api/get-constants.ts';
import { STATIC_REFS, type PortalRefs } from '@/features/offer-portal/components/offer-labels.ts';

/** Reference lists of the portal from the served constants; the contract's lists stand in until they load. */
export function usePortalRefs() {
  const constants = useConstants();
  return useMemo(() => {
    const c = constants.data;
    const refs: PortalRefs = c
      ? { verticals: c.verticals, geos: c.geos, goals: c.goals, traffic: c.traffic, trackDomains: c.track_domains }
      : STATIC_REFS;
    return {
      refs,
      verticals: toOptions(refs.verticals),
      geos: toOptions(refs.geos).map((o) => ({ ...o, label: `${o.label} (${o.value})` })),
    };
  }, [constants.data]);
}
