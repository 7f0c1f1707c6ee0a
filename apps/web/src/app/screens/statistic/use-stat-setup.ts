import { useMemo } from 'react';
import { toOptions } from '@pxl/contract/constants/options';
import { DEVICES, OSS } from '@pxl/contract/constants/constants.data';
import type { StatKind } from '@pxl/contract/statistic/index';
import { useConstants } from '@/features/constants/api/get-constants.ts';
import type { StatSetup } from '@/features/statistic/filters/index.ts';
import { useCurrentRole } from '@/lib/session/auth-store.ts';

/**
 * The statistics filter bar's setup for a screen: the role, the kind, and the reference constants; the default
 * zone is the partner settings' (constants.partner_settings). `ready` is false until the constants arrive, so a
 * report is not asked for in UTC first and again in the partner zone.
 */
export function useStatSetup(kind: StatKind): { setup: StatSetup; ready: boolean; failed: boolean } {
  const constants = useConstants();
  const role = useCurrentRole();
  const data = constants.data;
  const setup = useMemo<StatSetup>(
    () => ({
      role,
      kind,
      defaultTimeZone: data?.partner_settings.time_zone ?? 'UTC',
      timeZones: toOptions(data?.time_zones),
      geos: data?.geos ?? {},
      devices: data?.devices ?? DEVICES,
      oss: data?.oss ?? OSS,
    }),
    [role, kind, data],
  );
  // Without constants the report still works in UTC: better than a screen that never opens.
  return { setup, ready: Boolean(data) || constants.isError, failed: constants.isError };
}
