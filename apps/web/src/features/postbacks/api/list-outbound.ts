import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { postbacksApi } from '@pxl/contract/postbacks/index';
import { apiRequest } from '@/lib/http/api-client.ts';
import type { PostbackLogQuery } from '../components/log-query.ts';

export const listOutbound = (query: PostbackLogQuery, signal?: AbortSignal) =>
  apiRequest(postbacksApi.outbound, { query, signal });

export const outboundQueryOptions = (query: PostbackLogQuery) =>
  queryOptions({
    queryKey: ['postbacks', 'outbound', query],
    queryFn: ({ signal }) => listOutbound(query, signal),
    placeholderData: keepPreviousData,
    // A pending postback (queued, or waiting for a retry) changes on the server by itself: look again until none is.
    refetchInterval: (q) => (q.state.data?.list.some((p) => p.status === 'pending') ? 10_000 : false),
  });

export const useOutbound = (query: PostbackLogQuery) => useQuery(outboundQueryOptions(query));
