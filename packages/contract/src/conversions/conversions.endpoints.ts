import { defineEndpoint } from '../access/endpoint.ts';
import { STAFF_ROLES } from '../access/roles.ts';
import { uuidParamsSchema } from '../http/list.ts';
import * as s from './conversions.schemas.ts';

/** Statistics belong to every staff role (docs/product/routes.md); records are scoped to the caller's affiliates. */
export const get = defineEndpoint({
  method: 'GET',
  path: '/api/conversions/v1/:uuid',
  summary: 'One conversion with its status history',
  roles: STAFF_ROLES,
  params: uuidParamsSchema,
  response: s.conversionSchema,
});
export const changeStatus = defineEndpoint({
  method: 'POST',
  path: '/api/conversions/v1/:uuid/status',
  summary: 'Approve, reject, hold or reopen with a reason',
  roles: STAFF_ROLES,
  params: uuidParamsSchema,
  body: s.conversionStatusChangeSchema,
  response: s.conversionSchema,
  errors: [409],
});
export const fraudOverride = defineEndpoint({
  method: 'POST',
  path: '/api/conversions/v1/:uuid/fraud-override',
  summary: 'Release a conversion held or rejected for traffic quality',
  roles: STAFF_ROLES,
  params: uuidParamsSchema,
  body: s.conversionFraudOverrideSchema,
  response: s.conversionSchema,
  errors: [409],
});
