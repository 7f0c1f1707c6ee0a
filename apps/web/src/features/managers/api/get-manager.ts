import { queryOptions, useQuery } from '@tanstack/react-query';
import { managersApi } from '@pxl/contract/managers/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export const getManager = (uuid: string, signal?: AbortSignal) =>
  apiRequest(managersApi.get, { params: { uuid }, signal });

export const managerQueryOptions = (uuid: string) =>
  queryOptions({ queryKey: ['managers', 'one', uuid], queryFn: ({ signal }) => getManager(uuid, signal) });

export const useManager = (uuid: string | undefined) =>
  useQuery({ ...managerQueryOptions(uuid ?? ''), enabled: Boolean(uuid) });
