import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { coldApi } from '@pxl/contract/cold-api/index';
import type { ColdRule, ruleInputSchema } from '@pxl/contract/cold-api/cold.schemas';
import { apiRequest } from '@/lib/http/api-client.ts';
import type { ColdQuery } from './lead-lists.ts';

export type RuleBody = z.output<typeof ruleInputSchema>;

export const listRules = (query: ColdQuery, signal?: AbortSignal) => apiRequest(coldApi.listRules, { query, signal });

export const useRules = (query: ColdQuery) =>
  useQuery({
    queryKey: ['cold', 'rules', query],
    queryFn: ({ signal }) => listRules(query, signal),
    placeholderData: keepPreviousData,
  });

export const useSaveRule = (uuid: string | undefined) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (parsed: RuleBody): Promise<ColdRule> => {
      // The schema turns an empty neutral IP or funnel into null, which its own input does not take: send them absent.
      const body = { ...parsed, neutral_ip: parsed.neutral_ip ?? undefined, funnel: parsed.funnel ?? undefined };
      return uuid
        ? apiRequest(coldApi.updateRule, { params: { uuid }, body })
        : apiRequest(coldApi.createRule, { body });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['cold'] }),
  });
};

/** A rule some distribution uses is refused by the server; its message is the screen's to show. */
export const useDeleteRule = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) => apiRequest(coldApi.removeRule, { params: { uuid } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['cold'] }),
  });
};
