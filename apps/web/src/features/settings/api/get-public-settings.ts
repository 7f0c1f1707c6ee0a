import { queryOptions, useQuery } from '@tanstack/react-query';
import { settingsApi } from '@pxl/contract/settings/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export const getPublicSettings = () => apiRequest(settingsApi.getPublic, { silent: true });

export const publicSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['settings', 'public'], queryFn: getPublicSettings, staleTime: 5 * 60_000 });

/** Partner title for the tab title; works signed out too. */
export const usePublicSettings = () => useQuery(publicSettingsQueryOptions());
