import { z } from 'zod';
import { defineEndpoint } from '../access/endpoint.ts';
import { uuidParamsSchema } from '../http/list.ts';
import { RECON_ROLES } from './reconciliation.schemas.ts';
import * as s from './reconciliation-apply.schemas.ts';

// Scoped like the imports: admin and head every advertiser, a manager the advertisers they manage.
export const applyImport = defineEndpoint({
  method: 'POST',
  path: '/api/reconciliation/v1/imports/:uuid/apply',
  summary:
    'Apply picked rows or whole buckets to our conversions, all or nothing; rows already applied are left as they are',
  roles: RECON_ROLES,
  params: uuidParamsSchema,
  body: s.reconApplyBodySchema,
  response: s.reconApplyResultSchema,
  errors: [409],
});
export const importApplies = defineEndpoint({
  method: 'GET',
  path: '/api/reconciliation/v1/imports/:uuid/applies',
  summary: "An import's applies, newest first: who applied what and when",
  roles: RECON_ROLES,
  params: uuidParamsSchema,
  response: z.object({ items: z.array(s.reconApplySchema) }),
});
export const importDifferencesCsv = defineEndpoint({
  method: 'GET',
  path: '/api/reconciliation/v1/imports/:uuid/differences.csv',
  // The id made from the path would keep its ".csv", which no client generator takes as a name.
  operationId: 'getReconciliationImportDifferencesCsv',
  summary: 'Every row that is not matched, as CSV (text/csv) to send back to the advertiser',
  roles: RECON_ROLES,
  params: uuidParamsSchema,
  response: z.unknown(),
});
export const advertiserDiscrepancy = defineEndpoint({
  method: 'GET',
  path: '/api/reconciliation/v1/advertisers/:uuid/discrepancy',
  summary: "The advertiser's discrepancy per imported period and currency, oldest period first",
  roles: RECON_ROLES,
  params: uuidParamsSchema,
  response: s.reconDiscrepancySchema,
});
