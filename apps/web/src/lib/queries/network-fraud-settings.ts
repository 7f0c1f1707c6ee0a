import { queryOptions, useQuery } from '@tanstack/react-query';
import { canCall } from '@pxl/contract/access/endpoint';
import { fraudApi } from '@pxl/contract/fraud/index';
import { apiRequest } from '../http/api-client.ts';
import { useCurrentRole } from '../session/auth-store.ts';
import { queryKeys } from './query-keys.ts';

/** The network's fraud settings: Settings › Fraud edits them; the logs and the offer form read them where allowed. */
export const networkFraudSettingsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.fraudSettings(),
    queryFn: ({ signal }) => apiRequest(fraudApi.getSettings, { signal }),
    staleTime: 60_000,
  });

/**
 * The network's settings when the signed-in role may read them (admin and head), else undefined without a request:
 * a manager's screens fall back to fixed score bands and show no network values.
 */
export function useReadableFraudSettings() {
  const allowed = canCall(fraudApi.getSettings, useCurrentRole());
  return useQuery({ ...networkFraudSettingsQueryOptions(), enabled: allowed }).data;
}

/** The network's flag threshold where the role may read it; undefined (fixed bands) otherwise. */
export const useFraudFlagAt = (): number | null | undefined => useReadableFraudSettings()?.actions.flag_at;
