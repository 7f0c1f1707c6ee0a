import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountApi } from '@pxl/contract/account/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export const PROFILE_KEY = ['account', 'profile'] as const;

export const getProfile = (signal?: AbortSignal) => apiRequest(accountApi.getProfile, { signal });

export const profileQueryOptions = () =>
  queryOptions({ queryKey: PROFILE_KEY, queryFn: ({ signal }) => getProfile(signal) });

export const useProfile = () => useQuery(profileQueryOptions());
