import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { affiliatesApi } from '@pxl/contract/affiliates/index';
import { apiRequest } from '@/lib/http/api-client.ts';

/** Affiliates in the caller's scope matching a search (name, email or ID), for the pickers. */
export const searchAffiliates = (search: string, signal?: AbortSignal) =>
  apiRequest(affiliatesApi.list, { query: { page: 1, count: 30, search: search || undefined, order: 'desc' }, signal });

export const affiliateOptionsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['affiliates', 'options', search],
    queryFn: ({ signal }) => searchAffiliates(search, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const useAffiliateOptions = (search: string) => useQuery(affiliateOptionsQueryOptions(search));
