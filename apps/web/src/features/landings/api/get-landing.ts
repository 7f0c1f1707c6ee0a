import { queryOptions, useQuery } from '@tanstack/react-query';
import { landingsApi } from '@pxl/contract/landings/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export const getLanding = (uuid: string, signal?: AbortSignal) =>
  apiRequest(landingsApi.get, { params: { uuid }, signal });

export const landingQueryOptions = (uuid: string) =>
  queryOptions({ queryKey: ['landings', 'one', uuid], queryFn: ({ signal }) => getLanding(uuid, signal) });

export const useLanding = (uuid: string | undefined) =>
  useQuery({ ...landingQueryOptions(uuid ?? ''), enabled: Boolean(uuid) });
