import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountApi } from '@pxl/contract/account/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export const API_KEYS_KEY = ['account', 'api-keys'] as const;

export const listApiKeys = (signal?: AbortSignal) => apiRequest(accountApi.listApiKeys, { signal });

export const apiKeysQueryOptions = () =>
  queryOptions({ queryKey: API_KEYS_KEY, queryFn: ({ signal }) => listApiKeys(signal) });

export const useApiKeys = () => useQuery(apiKeysQueryOptions());
