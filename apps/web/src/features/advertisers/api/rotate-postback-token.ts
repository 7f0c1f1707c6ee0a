import { useMutation, useQueryClient } from '@tanstack/react-query';
import { advertisersApi } from '@pxl/contract/advertisers/index';
import { apiRequest } from '@/lib/http/api-client.ts';

/** A new postback token; the answer is the only place it is shown (the advertiser rows carry its last characters). */
export function useRotatePostbackToken(uuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(advertisersApi.rotatePostbackToken, { params: { uuid } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['advertisers'] }),
  });
}
