import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { postbacksApi } from '@pxl/contract/postbacks/index';
import { apiRequest } from '@/lib/http/api-client.ts';
import type { PostbackLogQuery } from '../components/log-query.ts';

export const listInbound = (query: PostbackLogQuery, signal?: AbortSignal) =>
  apiRequest(postbacksApi.inbound, { query, signal });

export const inboundQueryOptions = (query: PostbackLogQuery) =>
  queryOptions({
    queryKey: ['postbacks', 'inbound', query],
    queryFn: ({ signal }) => listInbound(query, signal),
    placeholderData: keepPreviousData,
  });

export const useInbound = (query: PostbackLogQuery) => useQuery(inboundQueryOptions(query));
