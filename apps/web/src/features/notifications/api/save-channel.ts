import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationsApi } from '@pxl/contract/notifications/index';
import type { Channel, ChannelCreate, ChannelUpdate } from '@pxl/contract/notifications/notifications.schemas';
import { apiRequest } from '@/lib/http/api-client.ts';

export const createChannel = (body: ChannelCreate) => apiRequest(notificationsApi.createChannel, { body });

/** Secrets left out of the body are kept by the server. */
export const updateChannel = (uuid: string, body: ChannelUpdate) =>
  apiRequest(notificationsApi.updateChannel, { params: { uuid }, body });

/** Creates a channel, or changes the one named; the channels are read again. */
export function useSaveChannel(uuid: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ChannelCreate | ChannelUpdate): Promise<Channel> =>
      uuid ? updateChannel(uuid, body as ChannelUpdate) : createChannel(body as ChannelCreate),
    onSuccess: () => client.invalidateQueries({ queryKey: ['notifications'] }),
  });
}
