import { useMutation, useQueryClient } from '@tanstack/react-query';
import { backupsApi } from '@pxl/contract/backups/index';
import { apiRequest } from '@/lib/http/api-client.ts';
import { notifySuccess } from '@/lib/notifications/notification-store.ts';

export const useBackUpNow = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(backupsApi.backUpNow),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['backups', 'runs'] });
      notifySuccess('Backup started');
    },
  });
};
