import { z } from 'zod';
import { defineEndpoint } from '../access/endpoint.ts';
import { ADMIN_ROLES, STAFF_ROLES } from '../access/roles.ts';
import { uuidParamsSchema } from '../http/list.ts';
import * as s from './leads.schemas.ts';

// The lead API (docs/product/leads.md): an affiliate's X-Api-Key, never a session.
export const createLead = defineEndpoint({
  method: 'POST',
  path: '/api/lead/v1/create',
  roles: 'api_key',
  body: s.leadCreateSchema,
  response: s.leadCreateResultSchema,
  headers: z.object({
    'Idempotency-Key': z
      .string()
      .max(200)
      .optional()
      .describe('Any text of yours: a replay with the same key and body gets the first answer again (kept 24 h).'),
  }),
  errors: [403, 409, 422, 429],
  summary:
    'Send a lead to an API offer. Optional header Idempotency-Key: a replay returns the first answer. Refusals name error.reason.',
});
export const leadStatuses = defineEndpoint({
  method: 'GET',
  path: '/api/lead/v1/statuses',
  roles: 'api_key',
  query: s.leadStatusesQuerySchema,
  response: s.leadStatusesSchema,
  errors: [429],
  summary: 'Your leads with their status, call status and FTD',
});

// Settings › Test API (admin and head, docs/product/routes.md).
export const testIntegration = defineEndpoint({
  method: 'POST',
  path: '/api/test-api/v1/integration',
  roles: ADMIN_ROLES,
  body: s.integrationTestSchema,
  response: s.integrationTestResultSchema,
  errors: [404],
  summary: 'Send a test lead to a product; a success marks it tested',
});
export const testOffer = defineEndpoint({
  method: 'POST',
  path: '/api/test-api/v1/offer',
  roles: ADMIN_ROLES,
  body: s.offerTestSchema,
  response: s.offerTestResultSchema,
  summary: "Run a test lead through an API offer's routing (nothing billed, no postback)",
});

// Staff who see a lead in User sessions (scoped as there) release one refused for traffic quality (docs/product/fraud.md).
export const releaseFraudLead = defineEndpoint({
  method: 'POST',
  path: '/api/statistic/v1/user-sessions/:uuid/fraud-release',
  roles: STAFF_ROLES,
  params: uuidParamsSchema,
  response: s.fraudReleaseResultSchema,
  errors: [404, 409],
  summary: 'Release a lead refused for traffic quality: it goes down the waterfall now',
});
