import { queryOptions, useQuery } from '@tanstack/react-query';
import { managersApi } from '@pxl/contract/managers/index';
import { apiRequest } from '../http/api-client.ts';
import { queryKeys } from './query-keys.ts';

/** Staff the caller may assign partners to; several features' forms and filters pick from it, so it lives here. */
export const managerOptionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.managerOptions(),
    queryFn: ({ signal }) => apiRequest(managersApi.options, { signal }),
    staleTime: 60_000,
  });

export const managerLabel = (m: { first_name: string; last_name: string; email: string }) =>
  `${m.first_name} ${m.last_name}`.trim() || m.email;

export function useManagerOptions() {
  const query = useQuery(managerOptionsQueryOptions());
  const options = (query.data?.list ?? []).map((m) => ({ value: m.uuid, label: managerLabel(m) }));
  return { ...query, options };
}
