import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { managersApi } from '@pxl/contract/managers/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export type ManagerListQuery = Record<string, string | number>;

export const listManagers = (query: ManagerListQuery, signal?: AbortSignal) =>
  apiRequest(managersApi.list, { query, signal });

export const managersQueryOptions = (query: ManagerListQuery) =>
  queryOptions({
    queryKey: ['managers', 'list', query],
    queryFn: ({ signal }) => listManagers(query, signal),
    placeholderData: keepPreviousData,
  });

export const useManagers = (query: ManagerListQuery, enabled = true) =>
  useQuery({ ...managersQueryOptions(query), enabled });
