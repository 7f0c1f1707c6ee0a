import { billingApi } from '@pxl/contract/billing/index';
import { apiRequest } from '@/lib/http/api-client.ts';

/** Open amounts of the waiting and partly paid invoices, with the account details to pay them to. */
export const getPayoutBatch = (query: { currency?: string; payment_system?: string }) =>
  apiRequest(billingApi.payoutBatch, { query });
