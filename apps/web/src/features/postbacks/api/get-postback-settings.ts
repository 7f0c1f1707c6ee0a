import { queryOptions, useQuery } from '@tanstack/react-query';
import { postbacksApi } from '@pxl/contract/postbacks/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export const POSTBACK_SETTINGS_KEY = ['postbacks', 'settings'] as const;

export const getPostbackSettings = (signal?: AbortSignal) => apiRequest(postbacksApi.getSettings, { signal });

export const postbackSettingsQueryOptions = () =>
  queryOptions({ queryKey: POSTBACK_SETTINGS_KEY, queryFn: ({ signal }) => getPostbackSettings(signal) });

export const usePostbackSettings = () => useQuery(postbackSettingsQueryOptions());
