import { queryOptions, useQuery } from '@tanstack/react-query';
import { affiliatesApi } from '@pxl/contract/affiliates/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export const getAffiliate = (uuid: string, signal?: AbortSignal) =>
  apiRequest(affiliatesApi.get, { params: { uuid }, signal });

export const affiliateQueryOptions = (uuid: string) =>
  queryOptions({ queryKey: ['affiliates', 'one', uuid], queryFn: ({ signal }) => getAffiliate(uuid, signal) });

export const useAffiliate = (uuid: string | undefined) =>
  useQuery({ ...affiliateQueryOptions(uuid ?? ''), enabled: Boolean(uuid) });
