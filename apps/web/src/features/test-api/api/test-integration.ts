import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { leadsApi } from '@pxl/contract/leads/index';
import type { integrationTestSchema } from '@pxl/contract/leads/leads.schemas';
import { apiRequest } from '@/lib/http/api-client.ts';
import { queryKeys } from '@/lib/queries/query-keys.ts';

export type IntegrationTest = z.input<typeof integrationTestSchema>;

/** Sends one real test lead to a product; a success marks it tested, so every list showing that state refreshes. */
export const testIntegration = (body: IntegrationTest) => apiRequest(leadsApi.testIntegration, { body });

export function useTestIntegration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: testIntegration,
    onSuccess: (result) => {
      if (!result.tested_at) return;
      void client.invalidateQueries({ queryKey: queryKeys.productOptions() });
      void client.invalidateQueries({ queryKey: ['advertisers'] });
    },
  });
}
