import { z } from 'zod';
import { defineEndpoint } from '../access/endpoint.ts';
import { ADMIN_ROLES, OFFER_EDITORS } from '../access/roles.ts';
import { pagedSchema } from '../http/paging.ts';
import { uuidParamsSchema } from '../http/list.ts';
import * as s from './offers.schemas.ts';
import * as p from './portal.schemas.ts';

const section = <B extends z.ZodType>(
  name: string,
  summary: string,
  body: B,
  roles: typeof OFFER_EDITORS | typeof ADMIN_ROLES = OFFER_EDITORS,
) =>
  defineEndpoint({
    method: 'PUT',
    path: `/api/offers/v1/:uuid/${name}`,
    summary,
    roles,
    params: uuidParamsSchema,
    body,
    response: s.offerDetailSchema,
  });

export const list = defineEndpoint({
  method: 'GET',
  path: '/api/offers/v1/list',
  summary: 'Offers of the network',
  roles: OFFER_EDITORS,
  query: s.offerListQuerySchema,
  response: pagedSchema(s.offerSchema),
});
export const get = defineEndpoint({
  method: 'GET',
  path: '/api/offers/v1/:uuid',
  summary: 'One offer with every section and its figures',
  roles: OFFER_EDITORS,
  params: uuidParamsSchema,
  response: s.offerDetailSchema,
});
export const create = defineEndpoint({
  method: 'POST',
  path: '/api/offers/v1/create',
  summary: 'Create an offer (primary section; status not_active)',
  roles: OFFER_EDITORS,
  body: s.offerCreateSchema,
  response: s.offerDetailSchema,
});
export const update = defineEndpoint({
  method: 'PUT',
  path: '/api/offers/v1/:uuid',
  summary: 'Edit the primary section',
  roles: OFFER_EDITORS,
  params: uuidParamsSchema,
  body: s.offerUpdateSchema,
  response: s.offerDetailSchema,
});
export const saveGoals = section('goals', 'Goals, payouts, overrides and hold days', s.offerGoalsInputSchema);
export const saveCaps = section('caps', 'Caps', s.offerCapsInputSchema);
export const saveTargeting = section('targeting', 'Device and OS targeting', s.offerTargetingInputSchema);
export const saveTrusted = section(
  'trusted',
  "Trusted affiliates (those in the caller's scope)",
  s.offerTrustedInputSchema,
);
export const saveLandings = section('landings', 'Landings and pre-landings attached', s.offerLandingsInputSchema);
export const saveProducts = section('products', 'Products of an API offer', s.offerProductsInputSchema);
// Admin and head only, like Settings › Fraud: an offer's own values can switch the checks off (docs/product/fraud.md).
export const saveFraudSettings = section(
  'fraud-settings',
  "The offer's own fraud weights, thresholds and actions (null: the network's); admin and head",
  s.offerFraudInputSchema,
  ADMIN_ROLES,
);
export const changeStatus = defineEndpoint({
  method: 'POST',
  path: '/api/offers/v1/:uuid/status',
  summary: 'Activate, stop or delete',
  roles: OFFER_EDITORS,
  params: uuidParamsSchema,
  body: s.offerStatusChangeSchema,
  response: s.offerDetailSchema,
});
export const duplicate = defineEndpoint({
  method: 'POST',
  path: '/api/offers/v1/:uuid/duplicate',
  summary: 'Copy an offer (as not_active)',
  roles: OFFER_EDITORS,
  params: uuidParamsSchema,
  response: s.offerDetailSchema,
});
export const trackingLink = defineEndpoint({
  method: 'POST',
  path: '/api/offers/v1/:uuid/tracking-link',
  summary: 'Build a tracking link for an affiliate in scope',
  roles: OFFER_EDITORS,
  params: uuidParamsSchema,
  body: p.staffLinkInputSchema,
  response: p.trackingLinkSchema,
});
export const accessRequests = defineEndpoint({
  method: 'GET',
  path: '/api/offers/v1/:uuid/access-requests',
  summary: 'Access requests of affiliates in scope',
  roles: OFFER_EDITORS,
  params: uuidParamsSchema,
  query: p.accessRequestListQuerySchema,
  response: pagedSchema(p.accessRequestSchema),
});
export const decideAccessRequest = defineEndpoint({
  method: 'POST',
  path: '/api/offers/v1/access-requests/:uuid/decision',
  summary: 'Approve (adds to trusted) or decline with a reason',
  roles: OFFER_EDITORS,
  params: uuidParamsSchema,
  body: p.accessRequestDecisionSchema,
  response: p.accessRequestSchema,
});
export const productOptions = defineEndpoint({
  method: 'GET',
  path: '/api/offers/v1/product-options',
  summary: 'Products that can be attached to an API offer',
  roles: OFFER_EDITORS,
  response: z.object({
    list: z.array(
      z.object({
        uuid: z.uuid(),
        name: z.string(),
        status: z.string(),
        tested_at: z.string().nullable(),
        advertiser: z.object({ uuid: z.uuid(), name: z.string() }),
      }),
    ),
  }),
});
