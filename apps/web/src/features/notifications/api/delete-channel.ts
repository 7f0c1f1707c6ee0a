import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationsApi } from '@pxl/contract/notifications/index';
import { apiRequest } from '@/lib/http/api-client.ts';

/** The channel goes, and its alerts not yet sent leave the outbox. */
export const deleteChannel = (uuid: string) => apiRequest(notificationsApi.deleteChannel, { params: { uuid } });

export function useDeleteChannel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteChannel,
    onSuccess: () => client.invalidateQueries({ queryKey: ['notifications'] }),
  });
}
