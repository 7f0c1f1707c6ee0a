import { queryOptions, useQuery } from '@tanstack/react-query';
import { settingsApi } from '@pxl/contract/settings/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export const getRawDataRetention = () => apiRequest(settingsApi.getRawDataRetention, { silent: true });

export const rawDataRetentionQueryOptions = () =>
  queryOptions({ queryKey: ['settings', 'raw-data'], queryFn: getRawDataRetention, staleTime: 10 * 60_000 });

/** How far back raw clicks and the postback logs go (the logs screens say it). */
export const useRawDataRetention = () => useQuery(rawDataRetentionQueryOptions());
