import { queryOptions, useQuery } from '@tanstack/react-query';
import { managersApi } from '@pxl/contract/managers/index';
import { apiRequest } from '../../../lib/http/api-client.ts';

/** Managers the caller may assign partners to (same cache key in every feature). */
export const managerOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['managers', 'options'],
    queryFn: ({ signal }) => apiRequest(managersApi.options, { signal }),
    staleTime: 60_000,
  });

export function useManagerOptions() {
  const query = useQuery(managerOptionsQueryOptions());
  const options = (query.data?.list ?? []).map((m) => ({ value: m.uuid, label: `${m.first_name} ${m.last_name}`.trim() || m.email }));
  return { ...query, options };
}
