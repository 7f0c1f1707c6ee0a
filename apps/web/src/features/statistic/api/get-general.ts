import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { statisticApi } from '@pxl/contract/statistic/index';
import { apiRequest } from '@/lib/http/api-client.ts';

/** The general report's query as the URL gives it: filters, group, sort, paging (strings, as the contract reads them). */
export type GeneralQuery = Record<string, string | number>;

export const getGeneral = (query: GeneralQuery, signal?: AbortSignal) =>
  apiRequest(statisticApi.general, { query, signal });

export const generalQueryOptions = (query: GeneralQuery) =>
  queryOptions({
    queryKey: ['statistic', 'general', query],
    queryFn: ({ signal }) => getGeneral(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const useGeneral = (query: GeneralQuery) => useQuery(generalQueryOptions(query));
