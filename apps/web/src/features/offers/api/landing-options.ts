import { queryOptions, useQuery } from '@tanstack/react-query';
import { landingsApi } from '@pxl/contract/landings/index';
import { apiRequest } from '@/lib/http/api-client.ts';
import { queryKeys } from '@/lib/queries/query-keys.ts';

export const getLandingOptions = (signal?: AbortSignal) => apiRequest(landingsApi.options, { signal });

/** Every landing that is not deleted, for the offer form. */
export const landingOptionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.landingOptions(),
    queryFn: ({ signal }) => getLandingOptions(signal),
    staleTime: 30_000,
  });

export const useLandingOptions = (enabled = true) => useQuery({ ...landingOptionsQueryOptions(), enabled });
