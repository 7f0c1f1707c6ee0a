import { z } from 'zod';
import { defineEndpoint } from '../access/endpoint.ts';
import { STAFF_ROLES } from '../access/roles.ts';
import { pagedSchema } from '../http/paging.ts';
import { uuidParamsSchema } from '../http/list.ts';
import * as s from './postbacks.schemas.ts';

const LOG_READERS = [...STAFF_ROLES, 'affiliate'] as const;

export const getSettings = defineEndpoint({
  method: 'GET',
  path: '/api/postbacks/v1/settings',
  summary: "The affiliate's postback URLs per event and offer",
  roles: ['affiliate'],
  response: z.object({ list: z.array(s.postbackSettingSchema) }),
});
export const putSettings = defineEndpoint({
  method: 'PUT',
  path: '/api/postbacks/v1/settings',
  summary: "Replace the affiliate's postback URLs",
  roles: ['affiliate'],
  body: s.postbackSettingsInputSchema,
  response: z.object({ list: z.array(s.postbackSettingSchema) }),
});
export const sendTest = defineEndpoint({
  method: 'POST',
  path: '/api/postbacks/v1/test',
  summary: 'Send a test postback now and show the answer',
  roles: ['affiliate'],
  body: s.postbackTestInputSchema,
  response: s.attemptSchema,
  errors: [429],
});
/** Staff see their affiliates' postbacks; an affiliate sees their own. */
export const outbound = defineEndpoint({
  method: 'GET',
  path: '/api/postbacks/v1/outbound',
  summary: 'Outbound postbacks with their attempts',
  roles: LOG_READERS,
  query: s.postbackLogQuerySchema,
  response: pagedSchema(s.outboundPostbackSchema),
});
export const resend = defineEndpoint({
  method: 'POST',
  path: '/api/postbacks/v1/outbound/:uuid/resend',
  summary: 'Send an outbound postback again',
  roles: STAFF_ROLES,
  params: uuidParamsSchema,
  response: s.outboundPostbackSchema,
});
export const inbound = defineEndpoint({
  method: 'GET',
  path: '/api/postbacks/v1/inbound',
  summary: 'Inbound postbacks from advertisers as received and answered',
  roles: STAFF_ROLES,
  query: s.postbackLogQuerySchema,
  response: pagedSchema(s.inboundPostbackSchema),
});
