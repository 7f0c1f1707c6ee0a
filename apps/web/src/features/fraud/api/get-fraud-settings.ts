import { queryOptions, useQuery } from '@tanstack/react-query';
import { fraudApi } from '@pxl/contract/fraud/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export const FRAUD_SETTINGS_KEY = ['fraud', 'settings'] as const;

export const getFraudSettings = () => apiRequest(fraudApi.getSettings);

export const fraudSettingsQueryOptions = () =>
  queryOptions({ queryKey: FRAUD_SETTINGS_KEY, queryFn: getFraudSettings });

export const useFraudSettings = () => useQuery(fraudSettingsQueryOptions());
