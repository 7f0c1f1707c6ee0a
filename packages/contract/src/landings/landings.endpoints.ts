import { z } from 'zod';
import { defineEndpoint } from '../access/endpoint.ts';
import { ADMIN_ROLES, OFFER_EDITORS } from '../access/roles.ts';
import { pagedSchema } from '../http/paging.ts';
import { uuidParamsSchema } from '../http/list.ts';
import { landingRefSchema } from '../offers/offers.schemas.ts';
import * as s from './landings.schemas.ts';

/** Landings belong to admin and head; offer editors only pick from them. */
export const list = defineEndpoint({
  method: 'GET',
  path: '/api/landings/v1/list',
  summary: 'Landings and pre-landings',
  roles: ADMIN_ROLES,
  query: s.landingListQuerySchema,
  response: pagedSchema(s.landingSchema),
});
export const get = defineEndpoint({
  method: 'GET',
  path: '/api/landings/v1/:uuid',
  summary: 'One landing',
  roles: ADMIN_ROLES,
  params: uuidParamsSchema,
  response: s.landingSchema,
});
export const create = defineEndpoint({
  method: 'POST',
  path: '/api/landings/v1/create',
  summary: 'Create a landing',
  roles: ADMIN_ROLES,
  body: s.landingInputSchema,
  response: s.landingSchema,
});
export const update = defineEndpoint({
  method: 'PUT',
  path: '/api/landings/v1/:uuid',
  summary: 'Edit a landing',
  roles: ADMIN_ROLES,
  params: uuidParamsSchema,
  body: s.landingInputSchema,
  response: s.landingSchema,
});
export const changeStatus = defineEndpoint({
  method: 'POST',
  path: '/api/landings/v1/:uuid/status',
  summary: 'Activate, send to moderation, stop or delete',
  roles: ADMIN_ROLES,
  params: uuidParamsSchema,
  body: s.landingStatusChangeSchema,
  response: s.landingSchema,
});
export const options = defineEndpoint({
  method: 'GET',
  path: '/api/landings/v1/options',
  summary: 'Every landing that is not deleted, for offer forms',
  roles: OFFER_EDITORS,
  response: z.object({ list: z.array(landingRefSchema) }),
});
