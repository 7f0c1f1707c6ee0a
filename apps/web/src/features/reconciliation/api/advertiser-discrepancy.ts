import { queryOptions, useQuery } from '@tanstack/react-query';
import { reconciliationApplyApi } from '@pxl/contract/reconciliation/index';
import { apiRequest } from '@/lib/http/api-client.ts';

/** The advertiser's discrepancy per imported period and currency, oldest period first. */
export const advertiserDiscrepancyQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: ['reconciliation', 'discrepancy', uuid],
    queryFn: ({ signal }) => apiRequest(reconciliationApplyApi.advertiserDiscrepancy, { params: { uuid }, signal }),
  });

export const useAdvertiserDiscrepancy = (uuid: string | undefined) =>
  useQuery({ ...advertiserDiscrepancyQueryOptions(uuid ?? ''), enabled: Boolean(uuid) });
