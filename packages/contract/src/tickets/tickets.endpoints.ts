import { z } from 'zod';
import { defineEndpoint } from '../access/endpoint.ts';
import { OFFER_EDITORS, PARTNER_ROLES } from '../access/roles.ts';
import { uuidParamsSchema } from '../http/list.ts';
import { pagedSchema } from '../http/paging.ts';
import { accessRequestDecisionSchema } from '../offers/portal.schemas.ts';
import * as s from './tickets.schemas.ts';
import { TICKET_ROLES } from './tickets.schemas.ts';

export const list = defineEndpoint({
  method: 'GET',
  path: '/api/tickets/v1/list',
  summary: 'Tickets in scope, newest message first',
  roles: TICKET_ROLES,
  query: s.ticketListQuerySchema,
  response: pagedSchema(s.ticketRowSchema),
});
export const unread = defineEndpoint({
  method: 'GET',
  path: '/api/tickets/v1/unread',
  summary: 'How many tickets in scope have a message the caller has not read',
  roles: TICKET_ROLES,
  response: s.ticketUnreadSchema,
});
export const create = defineEndpoint({
  method: 'POST',
  path: '/api/tickets/v1/create',
  summary: 'Open a ticket (partners)',
  roles: PARTNER_ROLES,
  body: s.ticketCreateSchema,
  response: s.ticketSchema,
});
export const upload = defineEndpoint({
  method: 'POST',
  path: '/api/tickets/v1/attachments',
  summary: 'Upload a file (the raw bytes as application/octet-stream) to send with the next message',
  roles: TICKET_ROLES,
  query: s.ticketUploadQuerySchema,
  response: s.ticketAttachmentSchema,
  errors: [429],
});
export const download = defineEndpoint({
  method: 'GET',
  path: '/api/tickets/v1/attachments/:uuid',
  summary: 'The bytes of an attachment, for those who may read its ticket',
  roles: TICKET_ROLES,
  params: uuidParamsSchema,
  response: z.unknown(),
});
export const get = defineEndpoint({
  method: 'GET',
  path: '/api/tickets/v1/:uuid',
  summary: 'One ticket with its messages; marks it read',
  roles: TICKET_ROLES,
  params: uuidParamsSchema,
  response: s.ticketSchema,
});
export const reply = defineEndpoint({
  method: 'POST',
  path: '/api/tickets/v1/:uuid/reply',
  summary: 'Answer; staff make it answered, the partner reopens it; mails the other side',
  roles: TICKET_ROLES,
  params: uuidParamsSchema,
  body: s.ticketReplySchema,
  response: s.ticketSchema,
});
export const close = defineEndpoint({
  method: 'POST',
  path: '/api/tickets/v1/:uuid/close',
  summary: 'Close a ticket',
  roles: TICKET_ROLES,
  params: uuidParamsSchema,
  response: s.ticketSchema,
});
export const reopen = defineEndpoint({
  method: 'POST',
  path: '/api/tickets/v1/:uuid/reopen',
  summary: 'Reopen a closed ticket',
  roles: TICKET_ROLES,
  params: uuidParamsSchema,
  response: s.ticketSchema,
});
export const decideAccess = defineEndpoint({
  method: 'POST',
  path: '/api/tickets/v1/:uuid/access-decision',
  summary: "Approve or decline the offer access request of an offer access ticket (the offer's trusted list)",
  roles: OFFER_EDITORS,
  params: uuidParamsSchema,
  body: accessRequestDecisionSchema,
  response: s.ticketSchema,
});
