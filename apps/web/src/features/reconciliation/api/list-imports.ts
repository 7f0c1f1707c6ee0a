import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { reconciliationApi } from '@pxl/contract/reconciliation/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export type ImportListQuery = Record<string, string | number>;

/** Imports of the advertisers in the caller's scope, newest first (the server scopes a manager's). */
export const listImports = (query: ImportListQuery, signal?: AbortSignal) =>
  apiRequest(reconciliationApi.listImports, { query, signal });

export const importsQueryOptions = (query: ImportListQuery) =>
  queryOptions({
    queryKey: ['reconciliation', 'imports', query],
    queryFn: ({ signal }) => listImports(query, signal),
    placeholderData: keepPreviousData,
  });

export const useImports = (query: ImportListQuery) => useQuery(importsQueryOptions(query));
