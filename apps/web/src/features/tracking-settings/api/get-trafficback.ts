import { queryOptions, useQuery } from '@tanstack/react-query';
import { trackingApi } from '@pxl/contract/tracking/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export const TRAFFICBACK_KEY = ['settings', 'trafficback'] as const;

export const getTrafficback = () => apiRequest(trackingApi.getTrafficback);

export const trafficbackQueryOptions = () => queryOptions({ queryKey: TRAFFICBACK_KEY, queryFn: getTrafficback });

export const useTrafficback = () => useQuery(trafficbackQueryOptions());
