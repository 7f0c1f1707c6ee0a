import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountApi } from '@pxl/contract/account/index';
import { apiRequest } from '@/lib/http/api-client.ts';
import { notifySuccess } from '@/lib/notifications/notification-store.ts';
import { SESSIONS_KEY } from './list-sessions.ts';

export const PASSWORD_CHANGED = 'Password changed. Other sessions were signed out.';

export const changePassword = (body: { current_password: string; new_password: string }) =>
  apiRequest(accountApi.changePassword, { body });

export const useChangePassword = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      notifySuccess(PASSWORD_CHANGED);
      void client.invalidateQueries({ queryKey: SESSIONS_KEY });
    },
  });
};
