import { z } from 'zod';
import { defineEndpoint } from '../access/endpoint.ts';
import { uuidParamsSchema } from '../http/list.ts';
import { pagedSchema } from '../http/paging.ts';
import * as s from './reconciliation.schemas.ts';

const FORM =
  'multipart/form-data: `file` (CSV or XLSX, at most 20 MB), `advertiser_uuid`, and `mapping` (JSON text, optional)';

export const previewImport = defineEndpoint({
  method: 'POST',
  path: '/api/reconciliation/v1/imports/preview',
  summary: `Read an advertiser's report and show its first rows with the mapping applied; stores nothing. ${FORM}`,
  roles: s.RECON_ROLES,
  response: s.reconPreviewSchema,
});
export const createImport = defineEndpoint({
  method: 'POST',
  path: '/api/reconciliation/v1/imports',
  summary: `Upload an advertiser's report for a period: every row checked, stored only if all are good. ${FORM}, \`period_from\`, \`period_to\``,
  roles: s.RECON_ROLES,
  response: s.reconImportCreatedSchema,
});
export const listImports = defineEndpoint({
  method: 'GET',
  path: '/api/reconciliation/v1/imports',
  summary: 'Imports of the advertisers in scope, newest first',
  roles: s.RECON_ROLES,
  query: s.reconImportListQuerySchema,
  response: pagedSchema(s.reconImportRowSchema),
});
export const getMapping = defineEndpoint({
  method: 'GET',
  path: '/api/reconciliation/v1/advertisers/:uuid/mapping',
  summary: "The advertiser's saved column mapping (null before the first import)",
  roles: s.RECON_ROLES,
  params: uuidParamsSchema,
  response: s.reconSavedMappingSchema,
});
export const putMapping = defineEndpoint({
  method: 'PUT',
  path: '/api/reconciliation/v1/advertisers/:uuid/mapping',
  summary: "Replace the advertiser's saved column mapping",
  roles: s.RECON_ROLES,
  params: uuidParamsSchema,
  body: z.object({ mapping: s.reconMappingSchema }),
  response: s.reconSavedMappingSchema,
});
