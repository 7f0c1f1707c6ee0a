import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { affiliatesApi } from '@pxl/contract/affiliates/index';
import { apiRequest } from '@/lib/http/api-client.ts';

/** Affiliates in the caller's scope by name, email or ID, for the log filter. */
export const searchAffiliates = (search: string, signal?: AbortSignal) =>
  apiRequest(affiliatesApi.list, {
    query: { page: 1, count: 30, search: search || undefined, order: 'desc' },
    signal,
    silent: true,
  });

export const useAffiliateSearch = (search: string) =>
  useQuery({
    queryKey: ['affiliates', 'options', search],
    queryFn: ({ signal }) => searchAffiliates(search, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
