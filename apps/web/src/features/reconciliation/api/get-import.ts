import { useQuery } from '@tanstack/react-query';
import { reconciliationMatchApi } from '@pxl/contract/reconciliation/index';
import { apiRequest } from '@/lib/http/api-client.ts';

/** One import with its summary (the server answers 404 for an import outside the caller's scope). */
export const getImport = (uuid: string, signal?: AbortSignal) =>
  apiRequest(reconciliationMatchApi.getImport, { params: { uuid }, signal });

export const useReconImport = (uuid: string | undefined) =>
  useQuery({
    queryKey: ['reconciliation', 'import', uuid],
    queryFn: ({ signal }) => getImport(uuid ?? '', signal),
    enabled: Boolean(uuid),
  });
