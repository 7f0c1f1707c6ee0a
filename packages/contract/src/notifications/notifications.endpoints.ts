import { z } from 'zod';
import { defineEndpoint } from '../access/endpoint.ts';
import { uuidParamsSchema } from '../http/list.ts';
import { pagedSchema } from '../http/paging.ts';
import * as s from './notifications.schemas.ts';

export const listChannels = defineEndpoint({
  method: 'GET',
  path: '/api/notifications/v1/channels',
  summary: "Alert channels: admin and head see the network's and their own, others only their own",
  roles: s.CHANNEL_ROLES,
  response: z.object({ list: z.array(s.channelSchema) }),
});
export const createChannel = defineEndpoint({
  method: 'POST',
  path: '/api/notifications/v1/channels',
  summary:
    'Add a channel: Telegram, Slack, signed webhook or e-mail (admin and head); managers and affiliates add Telegram or their own e-mail',
  roles: s.CHANNEL_ROLES,
  body: s.channelCreateSchema,
  response: s.channelSchema,
  errors: [409],
});
export const getChannel = defineEndpoint({
  method: 'GET',
  path: '/api/notifications/v1/channels/:uuid',
  summary: 'One channel, without its secrets',
  roles: s.CHANNEL_ROLES,
  params: uuidParamsSchema,
  response: s.channelSchema,
  errors: [404],
});
export const updateChannel = defineEndpoint({
  method: 'PUT',
  path: '/api/notifications/v1/channels/:uuid',
  summary: 'Change a channel; secrets left out are kept',
  roles: s.CHANNEL_ROLES,
  params: uuidParamsSchema,
  body: s.channelUpdateSchema,
  response: s.channelSchema,
  errors: [404],
});
export const deleteChannel = defineEndpoint({
  method: 'DELETE',
  path: '/api/notifications/v1/channels/:uuid',
  summary: 'Remove a channel; its alerts not yet sent are dropped from the outbox',
  roles: s.CHANNEL_ROLES,
  params: uuidParamsSchema,
  response: z.object({ uuid: z.uuid() }),
  errors: [404],
});
export const testChannel = defineEndpoint({
  method: 'POST',
  path: '/api/notifications/v1/channels/:uuid/test',
  summary: 'Send a test message now and say whether the channel took it (a few a minute per user)',
  roles: s.CHANNEL_ROLES,
  params: uuidParamsSchema,
  response: s.channelTestResultSchema,
  errors: [404, 429],
});
export const listOutbox = defineEndpoint({
  method: 'GET',
  path: '/api/notifications/v1/outbox',
  summary: 'Alerts queued, sent and given up, newest first, for the channels the user sees',
  roles: s.CHANNEL_ROLES,
  query: s.outboxQuerySchema,
  response: pagedSchema(s.outboxItemSchema),
});
