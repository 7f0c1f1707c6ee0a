import type { FastifyInstance, FastifyRequest } from 'fastify';
import { offersApi, offersPortalApi } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { findPartnerInScope } from '../../lib/people.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { mailTicketReply } from '../../lib/ticket-mail.ts';
import { generalSettings } from '../settings/index.ts';
import { listDomainNames } from '../tracking-settings/index.ts';
import { decideAccessRequest, listAccessRequests } from './offers.access.ts';
import { getAdvertiserOffer, listAdvertiserOffers } from './offers.advertiser.ts';
import { loadOfferDetail } from './offers.detail.ts';
import { buildLink, isTrusted } from './offers.links.ts';
import { findPortalRow, getPortalOffer, listPortalOffers, requestPortalAccess } from './offers.portal.ts';
import { findOfferRow, listOffers, listProductOptions } from './offers.repository.ts';
import * as sections from './offers.sections.ts';
import { changeOfferStatus, createOffer, duplicateOffer, updateOffer } from './offers.service.ts';

export const offersRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  const { db, config } = deps;
  // Tracking domains of Settings › Domains, read per link so a domain added or removed counts at once.
  const linkOptions = async (req: FastifyRequest) => ({
    panelOrigin: config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : `${req.protocol}://${req.host}`,
    domains: await listDomainNames(db),
  });

  registerEndpoint(app, offersApi.list, async ({ auth, query }) => {
    const { time_zone } = await generalSettings.get(db);
    return listOffers(db, auth!, query, time_zone);
  });
  registerEndpoint(app, offersApi.get, ({ auth, params }) => loadOfferDetail(db, auth!, params.uuid));
  registerEndpoint(app, offersApi.create, ({ auth, body, ip }) => createOffer(deps, auth!, body, { ip }));
  registerEndpoint(app, offersApi.update, ({ auth, params, body, ip }) =>
    updateOffer(deps, auth!, params.uuid, body, { ip }),
  );
  registerEndpoint(app, offersApi.saveGoals, ({ auth, params, body, ip }) =>
    sections.saveGoals(deps, auth!, params.uuid, body, { ip }),
  );
  registerEndpoint(app, offersApi.saveCaps, ({ auth, params, body, ip }) =>
    sections.saveCaps(deps, auth!, params.uuid, body, { ip }),
  );
  registerEndpoint(app, offersApi.saveTargeting, ({ auth, params, body, ip }) =>
    sections.saveTargeting(deps, auth!, params.uuid, body, { ip }),
  );
  registerEndpoint(app, offersApi.saveTrusted, ({ auth, params, body, ip }) =>
    sections.saveTrusted(deps, auth!, params.uuid, body, { ip }),
  );
  registerEndpoint(app, offersApi.saveLandings, ({ auth, params, body, ip }) =>
    sections.saveLandings(deps, auth!, params.uuid, body, { ip }),
  );
  registerEndpoint(app, offersApi.saveProducts, ({ auth, params, body, ip }) =>
    sections.saveProducts(deps, auth!, params.uuid, body, { ip }),
  );
  registerEndpoint(app, offersApi.saveFraudSettings, ({ auth, params, body, ip }) =>
    sections.saveFraudSettings(deps, auth!, params.uuid, body, { ip }),
  );
  registerEndpoint(app, offersApi.changeStatus, ({ auth, params, body, ip }) =>
    changeOfferStatus(deps, auth!, params.uuid, body, { ip }),
  );
  registerEndpoint(app, offersApi.duplicate, ({ auth, params, ip }) =>
    duplicateOffer(deps, auth!, params.uuid, { ip }),
  );

  // Staff build links only for their own partners, and only for affiliates who may run the offer (docs/product/offers.md).
  registerEndpoint(app, offersApi.trackingLink, async ({ auth, params, body, req }) => {
    const row = await findOfferRow(db, auth!, params.uuid);
    if (!row) throw notFound('Offer');
    const affiliate = await findPartnerInScope(db, auth!, body.affiliate_uuid, 'affiliate');
    if (!affiliate || affiliate.status === 'deleted') throw badRequest('affiliate_uuid', 'Unknown affiliate');
    if (affiliate.status === 'banned') throw badRequest('affiliate_uuid', 'This affiliate is banned');
    if (row.offer.privacy !== 'public' && !(await isTrusted(db, row.offer.id, affiliate.id))) {
      throw badRequest(
        'affiliate_uuid',
        'This affiliate has no access to the offer: add them to the trusted affiliates first',
      );
    }
    return buildLink(db, row.offer, affiliate.id, body, await linkOptions(req));
  });
  registerEndpoint(app, offersApi.accessRequests, ({ auth, params, query }) =>
    listAccessRequests(db, auth!, params.uuid, query),
  );
  registerEndpoint(app, offersApi.decideAccessRequest, async ({ auth, params, body, ip }) => {
    const { request, note } = await decideAccessRequest(db, auth!, params.uuid, body, { ip });
    if (note) await mailTicketReply(deps, note.ticketId, auth!.user.id, note.body);
    return request;
  });
  registerEndpoint(app, offersApi.productOptions, () => listProductOptions(db));

  registerEndpoint(app, offersPortalApi.portalList, ({ auth, query }) => listPortalOffers(db, auth!, query));
  registerEndpoint(app, offersPortalApi.portalGet, ({ auth, params }) => getPortalOffer(db, auth!, params.id));
  registerEndpoint(app, offersPortalApi.portalTrackingLink, async ({ auth, params, body, req }) => {
    const row = await findPortalRow(db, auth!.user.id, params.id);
    if (row.o.privacy !== 'public' && !row.isTrusted) throw badRequest('offer', 'Request access to this offer first');
    if (row.o.status !== 'active') throw badRequest('offer', 'This offer is not running');
    return buildLink(db, row.o, auth!.user.id, body, await linkOptions(req));
  });
  registerEndpoint(app, offersPortalApi.portalRequestAccess, async ({ auth, params, body }) => {
    const { request, ticketId } = await requestPortalAccess(db, auth!, params.id, body.message);
    await mailTicketReply(deps, ticketId, auth!.user.id, body.message || 'I would like access to this offer.');
    return request;
  });
  registerEndpoint(app, offersPortalApi.advertiserList, ({ auth, query }) => listAdvertiserOffers(db, auth!, query));
  registerEndpoint(app, offersPortalApi.advertiserGet, ({ auth, params }) =>
    getAdvertiserOffer(db, auth!, params.uuid),
  );
};
