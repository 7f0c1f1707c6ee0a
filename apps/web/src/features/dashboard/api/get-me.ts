import { queryOptions, useQuery } from '@tanstack/react-query';
import { authApi } from '@pxl/contract/auth/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export const getMe = () => apiRequest(authApi.me);

export const meQueryOptions = () => queryOptions({ queryKey: ['auth', 'me'], queryFn: getMe });

export const useMe = () => useQuery(meQueryOptions());
