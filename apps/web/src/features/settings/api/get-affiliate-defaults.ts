import { queryOptions, useQuery } from '@tanstack/react-query';
import { settingsApi } from '@pxl/contract/settings/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export const AFFILIATE_DEFAULTS_KEY = ['settings', 'affiliates'] as const;

export const getAffiliateDefaults = () => apiRequest(settingsApi.getAffiliateDefaults);

export const affiliateDefaultsQueryOptions = () =>
  queryOptions({ queryKey: AFFILIATE_DEFAULTS_KEY, queryFn: getAffiliateDefaults });

export const useAffiliateDefaults = () => useQuery(affiliateDefaultsQueryOptions());
