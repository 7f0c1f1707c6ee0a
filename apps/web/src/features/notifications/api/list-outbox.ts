import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { notificationsApi } from '@pxl/contract/notifications/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export type OutboxQuery = Record<string, string | number>;

/** Alerts queued, sent and given up, newest first, for the channels the user sees. */
export const listOutbox = (query: OutboxQuery, signal?: AbortSignal) =>
  apiRequest(notificationsApi.listOutbox, { query, signal });

export const outboxQueryOptions = (query: OutboxQuery) =>
  queryOptions({
    queryKey: ['notifications', 'outbox', query],
    queryFn: ({ signal }) => listOutbox(query, signal),
    placeholderData: keepPreviousData,
  });

export const useOutbox = (query: OutboxQuery) => useQuery(outboxQueryOptions(query));
