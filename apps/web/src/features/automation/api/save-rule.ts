import { useMutation, useQueryClient } from '@tanstack/react-query';
import { automationApi } from '@pxl/contract/automation/index';
import type { AutomationRule, AutomationRuleInput } from '@pxl/contract/automation/automation.schemas';
import { apiRequest } from '@/lib/http/api-client.ts';

export const createRule = (body: AutomationRuleInput) => apiRequest(automationApi.createRule, { body });

/** A change replaces the whole rule; the server evaluates it afresh from its next round. */
export const updateRule = (uuid: string, body: AutomationRuleInput) =>
  apiRequest(automationApi.updateRule, { params: { uuid }, body });

/** Creates a rule, or replaces the one named; the rules and the log's rule filter are read again. */
export function useSaveRule(uuid: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AutomationRuleInput): Promise<AutomationRule> =>
      uuid ? updateRule(uuid, body) : createRule(body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['automation'] }),
  });
}
