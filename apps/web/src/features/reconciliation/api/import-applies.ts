import { useQuery } from '@tanstack/react-query';
import { reconciliationApplyApi } from '@pxl/contract/reconciliation/index';
import { apiRequest } from '@/lib/http/api-client.ts';

/** Who applied what of an import and when, newest first. */
export const listImportApplies = (uuid: string, signal?: AbortSignal) =>
  apiRequest(reconciliationApplyApi.importApplies, { params: { uuid }, signal });

export const useImportApplies = (uuid: string) =>
  useQuery({
    queryKey: ['reconciliation', 'import', uuid, 'applies'],
    queryFn: ({ signal }) => listImportApplies(uuid, signal),
  });
