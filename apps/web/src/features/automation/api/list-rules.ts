import { queryOptions, useQuery } from '@tanstack/react-query';
import { automationApi } from '@pxl/contract/automation/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export const RULES_KEY = ['automation', 'rules'] as const;

/** Every rule, built-in ones first (docs/product/automation.md). */
export const listRules = (signal?: AbortSignal) => apiRequest(automationApi.listRules, { signal });

export const rulesQueryOptions = () =>
  queryOptions({ queryKey: RULES_KEY, queryFn: ({ signal }) => listRules(signal) });

export const useRules = () => useQuery(rulesQueryOptions());
