import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationsApi } from '@pxl/contract/notifications/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export const CHANNELS_KEY = ['notifications', 'channels'] as const;

/** The channels the user sees: admin and head the network's and their own, others their own. */
export const listChannels = (signal?: AbortSignal) => apiRequest(notificationsApi.listChannels, { signal });

export const channelsQueryOptions = () =>
  queryOptions({ queryKey: CHANNELS_KEY, queryFn: ({ signal }) => listChannels(signal) });

export const useChannels = () => useQuery(channelsQueryOptions());
