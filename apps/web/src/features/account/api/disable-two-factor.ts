import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountApi } from '@pxl/contract/account/index';
import { apiRequest } from '@/lib/http/api-client.ts';
import { notifySuccess } from '@/lib/notifications/notification-store.ts';
import { PROFILE_KEY } from './get-profile.ts';

export const disableTwoFactor = (body: { password: string; code: string }) =>
  apiRequest(accountApi.disableTwoFactor, { body });

export const useDisableTwoFactor = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => {
      notifySuccess('Two-factor authentication is off');
      void client.invalidateQueries({ queryKey: PROFILE_KEY });
    },
  });
};
