import { queryOptions, useQuery } from '@tanstack/react-query';
import { advertisersApi } from '@pxl/contract/advertisers/index';
import { apiRequest } from '@/lib/http/api-client.ts';
import { queryKeys } from '@/lib/queries/query-keys.ts';

/** Advertisers in the caller's scope matching a search, for the offer form and the list filter. */
export const searchAdvertisers = (search: string, signal?: AbortSignal) =>
  apiRequest(advertisersApi.list, {
    query: { page: 1, count: 30, search: search || undefined, sort: 'company', order: 'asc' },
    signal,
  });

export const advertiserOptionsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: queryKeys.advertiserOptions(search),
    queryFn: ({ signal }) => searchAdvertisers(search, signal),
    staleTime: 30_000,
  });

export const useAdvertiserOptions = (search: string) => useQuery(advertiserOptionsQueryOptions(search));
