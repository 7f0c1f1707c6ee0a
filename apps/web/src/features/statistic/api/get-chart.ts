import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { statisticApi } from '@pxl/contract/statistic/index';
import { apiRequest } from '@/lib/http/api-client.ts';

/** Figures per day (per hour for one or two days) under the same filters as the table. */
export const useChart = (query: Record<string, string>) =>
  useQuery({
    queryKey: ['statistic', 'chart', query],
    queryFn: ({ signal }) => apiRequest(statisticApi.chart, { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
