import { queryOptions, useQuery } from '@tanstack/react-query';
import { settingsApi } from '@pxl/contract/settings/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export const supportQueryOptions = () =>
  queryOptions({ queryKey: ['settings', 'support'], queryFn: () => apiRequest(settingsApi.getSupport) });

export const useSupportContacts = () => useQuery(supportQueryOptions());
