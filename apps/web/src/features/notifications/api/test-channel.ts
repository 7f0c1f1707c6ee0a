import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationsApi } from '@pxl/contract/notifications/index';
import { apiRequest } from '@/lib/http/api-client.ts';

/** Sends a test message now; the answer says whether the channel took it and what it said. */
export const testChannel = (uuid: string) => apiRequest(notificationsApi.testChannel, { params: { uuid } });

/** The channel's last send and error and the outbox change with a test: they are read again. */
export function useTestChannel(uuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => testChannel(uuid),
    onSettled: () => client.invalidateQueries({ queryKey: ['notifications'] }),
  });
}
