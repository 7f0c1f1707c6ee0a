import { queryOptions, useQuery } from '@tanstack/react-query';
import { settingsApi } from '@pxl/contract/settings/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export const getGeneralSettings = () => apiRequest(settingsApi.getGeneral);

export const generalSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['settings', 'general'], queryFn: getGeneralSettings });

export const useGeneralSettings = () => useQuery(generalSettingsQueryOptions());
