import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { reconciliationMatchApi, type ReconBucket } from '@pxl/contract/reconciliation/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export type RowsQuery = { bucket?: ReconBucket; page: number; count: number };

/** An import's rows in file order, then our conversions missing from the file; of one bucket when given. */
export const listImportRows = (uuid: string, query: RowsQuery, signal?: AbortSignal) =>
  apiRequest(reconciliationMatchApi.importRows, { params: { uuid }, query, signal });

export const useImportRows = (uuid: string, query: RowsQuery) =>
  useQuery({
    queryKey: ['reconciliation', 'import', uuid, 'rows', query],
    queryFn: ({ signal }) => listImportRows(uuid, query, signal),
    placeholderData: keepPreviousData,
  });
