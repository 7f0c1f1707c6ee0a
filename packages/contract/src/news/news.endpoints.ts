import { z } from 'zod';
import { defineEndpoint } from '../access/endpoint.ts';
import { ADMIN_ROLES, PARTNER_ROLES } from '../access/roles.ts';
import { uuidParamsSchema } from '../http/list.ts';
import { pagedSchema } from '../http/paging.ts';
import * as s from './news.schemas.ts';

// Admin and head write news; partners read the published items of their audience (docs/product/tickets-and-mail.md).
export const list = defineEndpoint({
  method: 'GET',
  path: '/api/news/v1/list',
  summary: 'Every news item, published and scheduled',
  roles: ADMIN_ROLES,
  query: s.newsListQuerySchema,
  response: pagedSchema(s.newsItemSchema),
});
export const create = defineEndpoint({
  method: 'POST',
  path: '/api/news/v1/create',
  summary: 'Write a news item (audited)',
  roles: ADMIN_ROLES,
  body: s.newsInputSchema,
  response: s.newsItemSchema,
});
export const preview = defineEndpoint({
  method: 'POST',
  path: '/api/news/v1/preview',
  summary: 'Markdown as partners will see it, through the same sanitiser',
  roles: ADMIN_ROLES,
  body: s.markdownPreviewSchema,
  response: s.renderedSchema,
});
export const feed = defineEndpoint({
  method: 'GET',
  path: '/api/news/v1/feed',
  summary: "The partner's published news, pinned first, newest next, with read marks",
  roles: PARTNER_ROLES,
  query: s.newsFeedQuerySchema,
  response: s.newsFeedSchema,
});
export const markRead = defineEndpoint({
  method: 'POST',
  path: '/api/news/v1/:uuid/read',
  summary: 'Mark a news item read',
  roles: PARTNER_ROLES,
  params: uuidParamsSchema,
  response: z.object({ read: z.literal(true) }),
});
export const get = defineEndpoint({
  method: 'GET',
  path: '/api/news/v1/:uuid',
  summary: 'One news item',
  roles: ADMIN_ROLES,
  params: uuidParamsSchema,
  response: s.newsItemSchema,
});
export const update = defineEndpoint({
  method: 'PUT',
  path: '/api/news/v1/:uuid',
  summary: 'Edit a news item (audited)',
  roles: ADMIN_ROLES,
  params: uuidParamsSchema,
  body: s.newsInputSchema,
  response: s.newsItemSchema,
});
export const remove = defineEndpoint({
  method: 'DELETE',
  path: '/api/news/v1/:uuid',
  summary: 'Delete a news item (audited)',
  roles: ADMIN_ROLES,
  params: uuidParamsSchema,
  response: z.object({ deleted: z.literal(true) }),
});
