import { queryOptions, useQuery } from '@tanstack/react-query';
import { trackingApi } from '@pxl/contract/tracking/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export const DOMAINS_KEY = ['settings', 'domains'] as const;

export const listDomains = (signal?: AbortSignal) => apiRequest(trackingApi.listDomains, { signal });

export const domainsQueryOptions = () =>
  queryOptions({ queryKey: DOMAINS_KEY, queryFn: ({ signal }) => listDomains(signal) });

export const useDomains = () => useQuery(domainsQueryOptions());
