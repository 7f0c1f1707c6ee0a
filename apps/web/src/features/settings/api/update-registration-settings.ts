import { useMutation, useQueryClient } from '@tanstack/react-query';
import { settingsApi } from '@pxl/contract/settings/index';
import type { RegistrationSettings } from '@pxl/contract/settings/settings.schemas';
import { apiRequest } from '@/lib/http/api-client.ts';
import { notifySuccess } from '@/lib/notifications/notification-store.ts';
import { REGISTRATION_KEY } from './get-registration-settings.ts';

export const updateRegistrationSettings = (body: RegistrationSettings) =>
  apiRequest(settingsApi.putRegistration, { body });

export const useUpdateRegistrationSettings = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateRegistrationSettings,
    onSuccess: (data) => {
      client.setQueryData(REGISTRATION_KEY, data);
      notifySuccess('Registration settings saved');
    },
  });
};
