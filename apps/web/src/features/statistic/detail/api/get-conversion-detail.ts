import { queryOptions, useQuery } from '@tanstack/react-query';
import { statisticApi } from '@pxl/contract/statistic/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export const getConversionDetail = (uuid: string, signal?: AbortSignal) =>
  apiRequest(statisticApi.conversionDetail, { params: { uuid }, signal });

export const conversionDetailKey = (uuid: string) => ['statistic', 'conversion', uuid] as const;

export const conversionDetailOptions = (uuid: string) =>
  queryOptions({
    queryKey: conversionDetailKey(uuid),
    queryFn: ({ signal }) => getConversionDetail(uuid, signal),
    // A postback still waiting for its next attempt changes on the server by itself: look again until none waits.
    refetchInterval: (q) => (q.state.data?.postbacks.some((p) => p.status === 'pending') ? 10_000 : false),
  });

export const useConversionDetail = (uuid: string) => useQuery(conversionDetailOptions(uuid));
