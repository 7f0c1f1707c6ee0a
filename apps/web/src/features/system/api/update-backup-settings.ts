import { useMutation, useQueryClient } from '@tanstack/react-query';
import { backupsApi, type BackupSettings } from '@pxl/contract/backups/index';
import { apiRequest } from '@/lib/http/api-client.ts';
import { notifySuccess } from '@/lib/notifications/notification-store.ts';

export const updateBackupSettings = (body: BackupSettings) => apiRequest(backupsApi.putSettings, { body });

export const useUpdateBackupSettings = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateBackupSettings,
    onSuccess: (data) => {
      client.setQueryData(['backups', 'settings'], data);
      notifySuccess('Backup schedule saved');
    },
  });
};
