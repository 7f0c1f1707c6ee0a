import { useMutation, useQueryClient } from '@tanstack/react-query';
import { automationApi } from '@pxl/contract/automation/index';
import { apiRequest } from '@/lib/http/api-client.ts';

/** A rule made by staff goes; its action log stays (a built-in rule is disabled by the server instead). */
export const deleteRule = (uuid: string) => apiRequest(automationApi.deleteRule, { params: { uuid } });

export function useDeleteRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteRule,
    onSuccess: () => client.invalidateQueries({ queryKey: ['automation'] }),
  });
}
