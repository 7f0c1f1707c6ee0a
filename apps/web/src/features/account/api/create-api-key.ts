import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountApi } from '@pxl/contract/account/index';
import { apiRequest } from '@/lib/http/api-client.ts';
import { API_KEYS_KEY } from './list-api-keys.ts';

/** The answer carries the whole key; it is never shown again. */
export const createApiKey = (name: string) => apiRequest(accountApi.createApiKey, { body: { name } });

export const useCreateApiKey = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => client.invalidateQueries({ queryKey: API_KEYS_KEY }),
  });
};
