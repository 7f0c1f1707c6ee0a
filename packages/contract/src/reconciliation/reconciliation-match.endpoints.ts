import { defineEndpoint } from '../access/endpoint.ts';
import { uuidParamsSchema } from '../http/list.ts';
import { pagedSchema } from '../http/paging.ts';
import { RECON_ROLES } from './reconciliation.schemas.ts';
import * as s from './reconciliation-match.schemas.ts';

// Scoped like the imports: admin and head every advertiser, a manager the advertisers they manage.
export const getImport = defineEndpoint({
  method: 'GET',
  path: '/api/reconciliation/v1/imports/:uuid',
  summary: 'One import with its summary: counts and amounts per bucket, both totals and their difference',
  roles: RECON_ROLES,
  params: uuidParamsSchema,
  response: s.reconImportDetailSchema,
});
export const importRows = defineEndpoint({
  method: 'GET',
  path: '/api/reconciliation/v1/imports/:uuid/rows',
  summary: "An import's rows with their bucket and matched conversion, paged, optionally of one bucket",
  roles: RECON_ROLES,
  params: uuidParamsSchema,
  query: s.reconRowsQuerySchema,
  response: pagedSchema(s.reconClassifiedRowSchema),
});
