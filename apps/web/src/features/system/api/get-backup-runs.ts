import { queryOptions, useQuery } from '@tanstack/react-query';
import { backupsApi } from '@pxl/contract/backups/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export const backupRunsQueryOptions = () =>
  queryOptions({
    queryKey: ['backups', 'runs'],
    queryFn: () => apiRequest(backupsApi.listRuns),
    // While a backup runs the list follows it to its end; otherwise the screen's own refresh is enough.
    refetchInterval: (query) => (query.state.data?.items.some((r) => r.status === 'running') ? 3_000 : 60_000),
  });

/** The last backups with their result, newest first, and where they are written. */
export const useBackupRuns = () => useQuery(backupRunsQueryOptions());
