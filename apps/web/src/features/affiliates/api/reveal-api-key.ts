import { affiliatesApi } from '@pxl/contract/affiliates/index';
import { apiRequest } from '@/lib/http/api-client.ts';

/** The affiliate's newest active API key (audited on the server); errors are already notified. */
export const revealApiKey = (uuid: string) => apiRequest(affiliatesApi.revealApiKey, { params: { uuid } });
