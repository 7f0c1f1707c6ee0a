import { defineEndpoint } from '../access/endpoint.ts';
import { STAFF_ROLES } from '../access/roles.ts';
import { pagedSchema } from '../http/paging.ts';
import { uuidParamsSchema } from '../http/list.ts';
import * as s from './affiliates.schemas.ts';

/** Every staff role manages partners (docs/product/routes.md roles tabs); records are scoped on the server (docs/product/roles-and-scoping.md). */
const PARTNER_STAFF = STAFF_ROLES;

export const list = defineEndpoint({
  method: 'GET',
  path: '/api/affiliates/v1/list',
  summary: "Affiliates in the caller's scope",
  roles: PARTNER_STAFF,
  query: s.affiliateListQuerySchema,
  response: pagedSchema(s.affiliateSchema),
});
export const get = defineEndpoint({
  method: 'GET',
  path: '/api/affiliates/v1/:uuid',
  summary: 'One affiliate',
  roles: PARTNER_STAFF,
  params: uuidParamsSchema,
  response: s.affiliateSchema,
});
export const create = defineEndpoint({
  method: 'POST',
  path: '/api/affiliates/v1/create',
  summary: 'Create an affiliate',
  roles: PARTNER_STAFF,
  body: s.affiliateCreateSchema,
  response: s.affiliateSchema,
});
export const update = defineEndpoint({
  method: 'PUT',
  path: '/api/affiliates/v1/:uuid',
  summary: 'Edit an affiliate',
  roles: PARTNER_STAFF,
  params: uuidParamsSchema,
  body: s.affiliateUpdateSchema,
  response: s.affiliateSchema,
});
export const changeStatus = defineEndpoint({
  method: 'POST',
  path: '/api/affiliates/v1/:uuid/status',
  summary: 'Activate, deactivate, ban or delete (ban and delete revoke sessions)',
  roles: PARTNER_STAFF,
  params: uuidParamsSchema,
  body: s.statusChangeSchema,
  response: s.affiliateSchema,
});
export const revealApiKey = defineEndpoint({
  method: 'POST',
  path: '/api/affiliates/v1/:uuid/api-key',
  summary: "The affiliate's newest active API key, to copy (audited)",
  roles: PARTNER_STAFF,
  params: uuidParamsSchema,
  response: s.apiKeyRevealSchema,
});
