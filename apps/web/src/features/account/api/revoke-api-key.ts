import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountApi } from '@pxl/contract/account/index';
import { apiRequest } from '@/lib/http/api-client.ts';
import { notifySuccess } from '@/lib/notifications/notification-store.ts';
import { API_KEYS_KEY } from './list-api-keys.ts';

export const revokeApiKey = (uuid: string) => apiRequest(accountApi.revokeApiKey, { params: { uuid } });

export const useRevokeApiKey = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: async () => {
      notifySuccess('API key revoked');
      await client.invalidateQueries({ queryKey: API_KEYS_KEY });
    },
  });
};
