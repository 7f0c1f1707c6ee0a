import { queryOptions, useQuery } from '@tanstack/react-query';
import { advertisersApi } from '@pxl/contract/advertisers/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export const getAdvertiser = (uuid: string, signal?: AbortSignal) =>
  apiRequest(advertisersApi.get, { params: { uuid }, signal });

export const advertiserQueryOptions = (uuid: string) =>
  queryOptions({ queryKey: ['advertisers', 'one', uuid], queryFn: ({ signal }) => getAdvertiser(uuid, signal) });

export const useAdvertiser = (uuid: string | undefined) =>
  useQuery({ ...advertiserQueryOptions(uuid ?? ''), enabled: Boolean(uuid) });
