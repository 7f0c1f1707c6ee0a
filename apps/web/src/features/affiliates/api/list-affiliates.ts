import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { affiliatesApi } from '@pxl/contract/affiliates/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export type AffiliateListQuery = Record<string, string | number>;

export const listAffiliates = (query: AffiliateListQuery, signal?: AbortSignal) =>
  apiRequest(affiliatesApi.list, { query, signal });

export const affiliatesQueryOptions = (query: AffiliateListQuery) =>
  queryOptions({
    queryKey: ['affiliates', 'list', query],
    queryFn: ({ signal }) => listAffiliates(query, signal),
    placeholderData: keepPreviousData,
  });

export const useAffiliates = (query: AffiliateListQuery, enabled = true) =>
  useQuery({ ...affiliatesQueryOptions(query), enabled });
