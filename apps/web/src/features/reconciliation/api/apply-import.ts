import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { reconciliationApplyApi, type reconApplyBodySchema } from '@pxl/contract/reconciliation/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export type ApplyBody = z.input<typeof reconApplyBodySchema>;

export const applyImport = (uuid: string, body: ApplyBody) =>
  apiRequest(reconciliationApplyApi.applyImport, { params: { uuid }, body });

/**
 * Applying changes conversions, statistics and the affiliates' next invoices: the import, its rows and applies,
 * the imports list (the discrepancy chart), statistics and billing are read again.
 */
export function useApplyImport(uuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApplyBody) => applyImport(uuid, body),
    onSuccess: () =>
      Promise.all(
        ['reconciliation', 'statistic', 'billing'].map((key) => client.invalidateQueries({ queryKey: [key] })),
      ),
  });
}
