import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { automationApi } from '@pxl/contract/automation/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export type ActionLogQuery = Record<string, string | number>;

/** What the rules did and what staff undid, newest first, paged. */
export const listActions = (query: ActionLogQuery, signal?: AbortSignal) =>
  apiRequest(automationApi.listActions, { query, signal });

export const actionsQueryOptions = (query: ActionLogQuery) =>
  queryOptions({
    queryKey: ['automation', 'actions', query],
    queryFn: ({ signal }) => listActions(query, signal),
    placeholderData: keepPreviousData,
  });

export const useActions = (query: ActionLogQuery) => useQuery(actionsQueryOptions(query));
