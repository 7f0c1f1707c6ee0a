import { useQuery } from '@tanstack/react-query';
import { dashboardApi } from '@pxl/contract/statistic/index';
import { apiRequest } from '@/lib/http/api-client.ts';

/** Today, yesterday, this month, the 30-day chart, tops and (staff) caps near full, scoped by the server. */
export const useDashboardSummary = () =>
  useQuery({
    queryKey: ['dashboard', 'summary'],
    queryFn: ({ signal }) => apiRequest(dashboardApi.summary, { signal }),
    staleTime: 60_000,
  });
