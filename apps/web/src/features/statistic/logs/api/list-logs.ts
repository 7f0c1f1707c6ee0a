import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { statisticApi } from '@pxl/contract/statistic/index';
import { apiRequest } from '@/lib/http/api-client.ts';
import type { LogQuery } from '../log-query.ts';

// The three logs of Statistics: the same filters, search and paging; newest first.

export const listClicks = (query: LogQuery, signal?: AbortSignal) => apiRequest(statisticApi.clicks, { query, signal });
export const listConversions = (query: LogQuery, signal?: AbortSignal) =>
  apiRequest(statisticApi.conversions, { query, signal });
export const listSessions = (query: LogQuery, signal?: AbortSignal) =>
  apiRequest(statisticApi.sessions, { query, signal });

const options = <T>(name: string, query: LogQuery, fetch: (q: LogQuery, s?: AbortSignal) => Promise<T>) =>
  queryOptions({
    queryKey: ['statistic', 'logs', name, query],
    queryFn: ({ signal }) => fetch(query, signal),
    placeholderData: keepPreviousData,
  });

export const useClickLog = (query: LogQuery) => useQuery(options('clicks', query, listClicks));
export const useConversionLog = (query: LogQuery) => useQuery(options('conversions', query, listConversions));
export const useSessionLog = (query: LogQuery) => useQuery(options('sessions', query, listSessions));
