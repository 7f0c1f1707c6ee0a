import { reconciliationApplyApi } from '@pxl/contract/reconciliation/index';
import { buildUrl } from '@/lib/http/api-client.ts';
import { rawRequest } from '@/lib/http/raw-request.ts';

/**
 * The rows that are not matched, as the server writes them (text/csv). Fetched rather than linked: the session
 * travels in a header (lib/http/api-client.ts), which a plain link cannot send.
 */
export const fetchDifferencesCsv = async (uuid: string): Promise<Blob> =>
  (await rawRequest(buildUrl(reconciliationApplyApi.importDifferencesCsv.path, { uuid }), { method: 'GET' })).blob();
