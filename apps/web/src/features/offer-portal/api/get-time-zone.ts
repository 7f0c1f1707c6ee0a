import { queryOptions, useQuery } from '@tanstack/react-query';
import { settingsApi } from '@pxl/contract/settings/index';
import { apiRequest } from '@/lib/http/api-client.ts';

// The advertiser views take no props (staff screens mount them), so they read the network time zone
// themselves; the key is the settings feature's, so both share one cached answer.
export const networkTimeZoneQueryOptions = () =>
  queryOptions({
    queryKey: ['settings', 'public'],
    queryFn: () => apiRequest(settingsApi.getPublic, { silent: true }),
    staleTime: 5 * 60_000,
  });

export const useNetworkTimeZone = (): string => useQuery(networkTimeZoneQueryOptions()).data?.time_zone ?? 'UTC';
