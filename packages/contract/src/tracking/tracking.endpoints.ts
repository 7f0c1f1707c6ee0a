import { z } from 'zod';
import { defineEndpoint } from '../access/endpoint.ts';
import { ADMIN_ROLES } from '../access/roles.ts';
import { uuidParamsSchema } from '../http/list.ts';
import { updateBodyOf } from '../http/update-body.ts';
import * as s from './tracking.schemas.ts';

// These settings belong to admin and head (docs/product/routes.md).
export const getTrafficback = defineEndpoint({
  method: 'GET',
  path: '/api/settings/v1/trafficback',
  summary: 'Global trafficback URL and the reasons that use it',
  roles: ADMIN_ROLES,
  response: s.trafficbackSettingsViewSchema,
});
export const putTrafficback = defineEndpoint({
  method: 'PUT',
  path: '/api/settings/v1/trafficback',
  summary: 'Change the trafficback settings (audited)',
  roles: ADMIN_ROLES,
  body: updateBodyOf(s.trafficbackSettingsSchema),
  response: s.trafficbackSettingsViewSchema,
});
export const listDomains = defineEndpoint({
  method: 'GET',
  path: '/api/settings/v1/domains',
  summary: 'Tracking domains',
  roles: ADMIN_ROLES,
  response: z.object({ list: z.array(s.domainSchema) }),
});
export const addDomain = defineEndpoint({
  method: 'POST',
  path: '/api/settings/v1/domains',
  summary: 'Add a tracking domain (its DNS is checked at once)',
  roles: ADMIN_ROLES,
  body: s.domainCreateSchema,
  response: s.domainSchema,
});
export const removeDomain = defineEndpoint({
  method: 'DELETE',
  path: '/api/settings/v1/domains/:uuid',
  summary: 'Remove a tracking domain',
  roles: ADMIN_ROLES,
  params: uuidParamsSchema,
  response: z.object({}),
});
export const makeDefaultDomain = defineEndpoint({
  method: 'POST',
  path: '/api/settings/v1/domains/:uuid/default',
  summary: 'Make a domain the default of link builders',
  roles: ADMIN_ROLES,
  params: uuidParamsSchema,
  response: s.domainSchema,
});
export const checkDomain = defineEndpoint({
  method: 'POST',
  path: '/api/settings/v1/domains/:uuid/check',
  summary: 'Check that the name resolves to this server',
  roles: ADMIN_ROLES,
  params: uuidParamsSchema,
  response: s.domainSchema,
});
export const simulateClick = defineEndpoint({
  method: 'POST',
  path: '/api/test-api/v1/direct-link',
  summary: 'Decide a click without recording it',
  roles: ADMIN_ROLES,
  body: s.clickSimulationSchema,
  response: s.clickDecisionSchema,
});
