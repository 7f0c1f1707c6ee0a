import { useQuery } from '@tanstack/react-query';
import { notificationsApi } from '@pxl/contract/notifications/index';
import { apiRequest } from '@/lib/http/api-client.ts';

/** The alert channels a notify action can name, as options ("Ops chat (Telegram)"). */
export const listChannelOptions = (signal?: AbortSignal) => apiRequest(notificationsApi.listChannels, { signal });

export const useChannelOptions = () =>
  useQuery({
    queryKey: ['notifications', 'channels'],
    queryFn: ({ signal }) => listChannelOptions(signal),
    select: (d) => d.list.map((c) => ({ value: c.uuid, label: `${c.name} (${c.kind})` })),
  });
