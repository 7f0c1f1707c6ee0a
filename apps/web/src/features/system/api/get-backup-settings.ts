import { queryOptions, useQuery } from '@tanstack/react-query';
import { backupsApi } from '@pxl/contract/backups/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export const backupSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['backups', 'settings'], queryFn: () => apiRequest(backupsApi.getSettings) });

/** The schedule of backups: on or off, time of day (UTC) and how many to keep (docs/operations.md). */
export const useBackupSettings = () => useQuery(backupSettingsQueryOptions());
