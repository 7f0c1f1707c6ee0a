import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountApi } from '@pxl/contract/account/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export const SESSIONS_KEY = ['account', 'sessions'] as const;

export const listSessions = (signal?: AbortSignal) => apiRequest(accountApi.listSessions, { signal });

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: SESSIONS_KEY, queryFn: ({ signal }) => listSessions(signal) });

export const useSessions = () => useQuery(sessionsQueryOptions());
