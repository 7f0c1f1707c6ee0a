import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountApi } from '@pxl/contract/account/index';
import { apiRequest } from '@/lib/http/api-client.ts';

// Same key as the security settings' list, so a key created there shows here without a refetch.
export const PORTAL_API_KEYS_KEY = ['account', 'api-keys'] as const;

export const listPortalApiKeys = (signal?: AbortSignal) => apiRequest(accountApi.listApiKeys, { signal });

export const portalApiKeysQueryOptions = () =>
  queryOptions({ queryKey: PORTAL_API_KEYS_KEY, queryFn: ({ signal }) => listPortalApiKeys(signal) });

export const usePortalApiKeys = () => useQuery(portalApiKeysQueryOptions());
