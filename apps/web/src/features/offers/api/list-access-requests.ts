import { queryOptions, useQuery } from '@tanstack/react-query';
import { offersApi } from '@pxl/contract/offers/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export const listAccessRequests = (uuid: string, status: 'pending' | undefined, signal?: AbortSignal) =>
  apiRequest(offersApi.accessRequests, { params: { uuid }, query: { status, page: 1, count: 100 }, signal });

/** The pending requests of one offer (the first 100: more would not be decided from one page anyway). */
export const accessRequestsQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: ['offers', 'access-requests', uuid],
    queryFn: ({ signal }) => listAccessRequests(uuid, 'pending', signal),
  });

export const useAccessRequests = (uuid: string, enabled = true) =>
  useQuery({ ...accessRequestsQueryOptions(uuid), enabled });
