import { defineEndpoint } from '../access/endpoint.ts';
import { pagedSchema } from '../http/paging.ts';
import { uuidParamsSchema } from '../http/list.ts';
import * as s from './managers.schemas.ts';

/** The managers tab is for admin, head and team lead (a team lead manages their own team). */
const MANAGER_ADMINS = ['admin', 'head', 'team_lead'] as const;

export const list = defineEndpoint({
  method: 'GET',
  path: '/api/managers/v1/list',
  summary: "Staff below admin in the caller's scope",
  roles: MANAGER_ADMINS,
  query: s.managerListQuerySchema,
  response: pagedSchema(s.managerSchema),
});
/** Picker options for manager and team-lead fields; managers need it on affiliate and advertiser forms too. */
export const options = defineEndpoint({
  method: 'GET',
  path: '/api/managers/v1/options',
  summary: 'Active managers the caller may assign partners or team members to',
  roles: ['admin', 'head', 'manager', 'team_lead'],
  response: pagedSchema(s.managerSchema),
});
export const get = defineEndpoint({
  method: 'GET',
  path: '/api/managers/v1/:uuid',
  summary: 'One manager',
  roles: MANAGER_ADMINS,
  params: uuidParamsSchema,
  response: s.managerSchema,
});
export const create = defineEndpoint({
  method: 'POST',
  path: '/api/managers/v1/create',
  summary: 'Create a manager, team lead or head (heads: admin and head only)',
  roles: MANAGER_ADMINS,
  body: s.managerCreateSchema,
  response: s.managerSchema,
});
export const update = defineEndpoint({
  method: 'PUT',
  path: '/api/managers/v1/:uuid',
  summary: 'Edit a manager',
  roles: MANAGER_ADMINS,
  params: uuidParamsSchema,
  body: s.managerUpdateSchema,
  response: s.managerSchema,
});
