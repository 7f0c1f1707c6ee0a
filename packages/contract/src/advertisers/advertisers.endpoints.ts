import { z } from 'zod';
import { defineEndpoint } from '../access/endpoint.ts';
import { STAFF_ROLES, type Role } from '../access/roles.ts';
import { pagedSchema } from '../http/paging.ts';
import { uuidParamsSchema } from '../http/list.ts';
import * as s from './advertisers.schemas.ts';

/** Every staff role manages partners (docs/product/routes.md roles tabs); records are scoped on the server (docs/product/roles-and-scoping.md). */
const PARTNER_STAFF = STAFF_ROLES;
/** A token moves traffic and money: team leads see advertisers but do not hand out their credentials. */
const TOKEN_ISSUERS = ['admin', 'head', 'manager'] as const satisfies readonly Role[];

export const list = defineEndpoint({
  method: 'GET',
  path: '/api/advertisers/v1/list',
  summary: "Advertisers in the caller's scope",
  roles: PARTNER_STAFF,
  query: s.advertiserListQuerySchema,
  response: pagedSchema(s.advertiserSchema),
});
export const get = defineEndpoint({
  method: 'GET',
  path: '/api/advertisers/v1/:uuid',
  summary: 'One advertiser',
  roles: PARTNER_STAFF,
  params: uuidParamsSchema,
  response: s.advertiserSchema,
});
export const create = defineEndpoint({
  method: 'POST',
  path: '/api/advertisers/v1/create',
  summary: 'Create an advertiser',
  roles: PARTNER_STAFF,
  body: s.advertiserCreateSchema,
  response: s.advertiserCreatedSchema,
});
/** The only way to learn a token after creation: a new one replaces it, the old one stops matching at once. */
export const rotatePostbackToken = defineEndpoint({
  method: 'POST',
  path: '/api/advertisers/v1/:uuid/postback-token',
  summary: 'Issue a new postback token (shown once)',
  roles: TOKEN_ISSUERS,
  params: uuidParamsSchema,
  response: s.postbackTokenSchema,
});
export const update = defineEndpoint({
  method: 'PUT',
  path: '/api/advertisers/v1/:uuid',
  summary: 'Edit an advertiser',
  roles: PARTNER_STAFF,
  params: uuidParamsSchema,
  body: s.advertiserUpdateSchema,
  response: s.advertiserSchema,
});
export const changeStatus = defineEndpoint({
  method: 'POST',
  path: '/api/advertisers/v1/:uuid/status',
  summary: 'Activate, deactivate or delete',
  roles: PARTNER_STAFF,
  params: uuidParamsSchema,
  body: s.advertiserStatusChangeSchema,
  response: s.advertiserSchema,
});
export const listProducts = defineEndpoint({
  method: 'GET',
  path: '/api/advertisers/v1/:uuid/products',
  summary: "The advertiser's products",
  roles: PARTNER_STAFF,
  params: uuidParamsSchema,
  response: z.object({ list: z.array(s.productSchema) }),
});
export const createProduct = defineEndpoint({
  method: 'POST',
  path: '/api/advertisers/v1/:uuid/products',
  summary: 'Add a product',
  roles: PARTNER_STAFF,
  params: uuidParamsSchema,
  body: s.productInputSchema,
  response: s.productSchema,
});
export const updateProduct = defineEndpoint({
  method: 'PUT',
  path: '/api/advertisers/v1/:uuid/products/:product',
  summary: 'Edit a product',
  roles: PARTNER_STAFF,
  params: s.productParamsSchema,
  body: s.productInputSchema,
  response: s.productSchema,
});
export const deleteProduct = defineEndpoint({
  method: 'DELETE',
  path: '/api/advertisers/v1/:uuid/products/:product',
  summary: 'Delete a product (kept for history)',
  roles: PARTNER_STAFF,
  params: s.productParamsSchema,
  response: z.object({}),
});
