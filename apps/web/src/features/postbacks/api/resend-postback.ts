import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postbacksApi } from '@pxl/contract/postbacks/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export const resendPostback = (uuid: string) => apiRequest(postbacksApi.resend, { params: { uuid } });

/** After a resend the log is read again, so the new attempt shows. */
export const useResendPostback = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resendPostback,
    onSuccess: () => client.invalidateQueries({ queryKey: ['postbacks', 'outbound'] }),
  });
};
