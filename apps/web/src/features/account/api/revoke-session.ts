import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountApi } from '@pxl/contract/account/index';
import { apiRequest } from '@/lib/http/api-client.ts';
import { notifySuccess } from '@/lib/notifications/notification-store.ts';
import { logout } from '@/lib/session/logout.ts';
import { SESSIONS_KEY } from './list-sessions.ts';

export const revokeSession = (uuid: string) => apiRequest(accountApi.revokeSession, { params: { uuid } });

/** Revoking the session of this browser signs it out. */
export const useRevokeSession = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid }: { uuid: string; current: boolean }) => revokeSession(uuid),
    onSuccess: async (_data, { current }) => {
      if (current) return logout();
      notifySuccess('Session signed out');
      await client.invalidateQueries({ queryKey: SESSIONS_KEY });
    },
  });
};
