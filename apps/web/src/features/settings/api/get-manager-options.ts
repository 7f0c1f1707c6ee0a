import { queryOptions, useQuery } from '@tanstack/react-query';
import { managersApi } from '@pxl/contract/managers/index';
import { apiRequest } from '../../../lib/http/api-client.ts';

export const getManagerOptions = (signal?: AbortSignal) => apiRequest(managersApi.options, { signal });

/** Active managers for the default-manager picker. */
export const managerOptionsQueryOptions = () =>
  queryOptions({ queryKey: ['settings', 'manager-options'], queryFn: ({ signal }) => getManagerOptions(signal), staleTime: 60_000 });

export const useManagerOptions = () => useQuery(managerOptionsQueryOptions());
