import { defineEndpoint } from '../access/endpoint.ts';
import { pagedSchema } from '../http/paging.ts';
import { uuidParamsSchema, listQuerySchema } from '../http/list.ts';
import * as p from './portal.schemas.ts';
import { offerStatusSchema, offerTypeSchema } from './offers.schemas.ts';

export const portalList = defineEndpoint({
  method: 'GET',
  path: '/api/offers/v1/portal/list',
  summary: "The affiliate's offers: all, live or available",
  roles: ['affiliate'],
  query: p.portalListQuerySchema,
  response: pagedSchema(p.portalOfferSchema),
});
export const portalGet = defineEndpoint({
  method: 'GET',
  path: '/api/offers/v1/portal/:id',
  summary: 'One offer as the affiliate sees it',
  roles: ['affiliate'],
  params: p.portalIdParamsSchema,
  response: p.portalOfferDetailSchema,
});
export const portalTrackingLink = defineEndpoint({
  method: 'POST',
  path: '/api/offers/v1/portal/:id/tracking-link',
  summary: "Build the affiliate's own tracking link",
  roles: ['affiliate'],
  params: p.portalIdParamsSchema,
  body: p.portalLinkInputSchema,
  response: p.trackingLinkSchema,
});
export const portalRequestAccess = defineEndpoint({
  method: 'POST',
  path: '/api/offers/v1/portal/:id/access-request',
  summary: 'Ask for access to a premoderation offer',
  roles: ['affiliate'],
  params: p.portalIdParamsSchema,
  body: p.accessRequestCreateSchema,
  response: p.accessRequestSchema,
});

export const advertiserList = defineEndpoint({
  method: 'GET',
  path: '/api/offers/v1/advertiser/list',
  summary: "The advertiser's own offers (read only)",
  roles: ['advertiser'],
  query: listQuerySchema(['created_at', 'id', 'title'] as const).extend({
    status: offerStatusSchema.optional(),
    type: offerTypeSchema.optional(),
  }),
  response: pagedSchema(p.advertiserOfferSchema),
});
export const advertiserGet = defineEndpoint({
  method: 'GET',
  path: '/api/offers/v1/advertiser/:uuid',
  summary: "One of the advertiser's offers",
  roles: ['advertiser'],
  params: uuidParamsSchema,
  response: p.advertiserOfferSchema,
});
