import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GeneralSettings } from '@pxl/contract/settings/settings.schemas';
import { settingsApi } from '@pxl/contract/settings/index';
import { apiRequest } from '@/lib/http/api-client.ts';
import { notifySuccess } from '@/lib/notifications/notification-store.ts';

export const updateGeneralSettings = (body: GeneralSettings) => apiRequest(settingsApi.putGeneral, { body });

export const useUpdateGeneralSettings = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateGeneralSettings,
    onSuccess: (data) => {
      client.setQueryData(['settings', 'general'], data);
      // The partner title feeds every tab title.
      void client.invalidateQueries({ queryKey: ['settings', 'public'] });
      notifySuccess('Settings saved');
    },
  });
};
