import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { landingsApi } from '@pxl/contract/landings/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export type LandingListQuery = Record<string, string | number>;

export const listLandings = (query: LandingListQuery, signal?: AbortSignal) =>
  apiRequest(landingsApi.list, { query, signal });

export const landingsQueryOptions = (query: LandingListQuery) =>
  queryOptions({
    queryKey: ['landings', 'list', query],
    queryFn: ({ signal }) => listLandings(query, signal),
    placeholderData: keepPreviousData,
  });

export const useLandings = (query: LandingListQuery) => useQuery(landingsQueryOptions(query));
