import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { advertisersApi } from '@pxl/contract/advertisers/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export type AdvertiserListQuery = Record<string, string | number>;

export const listAdvertisers = (query: AdvertiserListQuery, signal?: AbortSignal) =>
  apiRequest(advertisersApi.list, { query, signal });

export const advertisersQueryOptions = (query: AdvertiserListQuery) =>
  queryOptions({
    queryKey: ['advertisers', 'list', query],
    queryFn: ({ signal }) => listAdvertisers(query, signal),
    placeholderData: keepPreviousData,
  });

export const useAdvertisers = (query: AdvertiserListQuery) => useQuery(advertisersQueryOptions(query));
