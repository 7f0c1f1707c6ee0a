import { queryOptions, useQuery } from '@tanstack/react-query';
import { systemApi } from '@pxl/contract/system/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export const systemOverviewQueryOptions = () =>
  queryOptions({
    queryKey: ['system', 'overview'],
    queryFn: () => apiRequest(systemApi.getOverview),
    // The screen an operator keeps open while something is wrong: heartbeats and queues move by themselves.
    refetchInterval: 30_000,
  });

/** Processes, database sizes, retention, queues, mail outbox and set-aside rows (docs/product/system.md). */
export const useSystemOverview = () => useQuery(systemOverviewQueryOptions());
