import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { logApi } from '@pxl/contract/log/index';
import type { AuditAction } from '@pxl/contract/log/log.schemas';
import { apiRequest } from '@/lib/http/api-client.ts';

export type LogListQuery = {
  page: number;
  count: number;
  date_from?: string;
  date_to?: string;
  action?: AuditAction;
  user_uuid?: string;
};

export const getLogList = (query: LogListQuery, signal?: AbortSignal) => apiRequest(logApi.list, { query, signal });

export const logListQueryOptions = (query: LogListQuery) =>
  queryOptions({
    queryKey: ['log', 'list', query],
    queryFn: ({ signal }) => getLogList(query, signal),
    placeholderData: keepPreviousData,
  });

export const useLogList = (query: LogListQuery) => useQuery(logListQueryOptions(query));
