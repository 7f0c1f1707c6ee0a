import { and, eq } from 'drizzle-orm';
import { buildTrackingLink } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { landings, offerLandings, offerTrustedAffiliates } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import type { OfferRow } from './offers.repository.ts';

export type LinkInput = {
  landing_uuid: string | null;
  prelanding_uuid: string | null;
  domain?: string;
  sub1?: string;
  sub2?: string;
  sub3?: string;
  sub4?: string;
  sub5?: string;
};

export const isTrusted = async (db: Db, offerId: string, affiliateId: string) => {
  const [row] = await db
    .select({ id: offerTrustedAffiliates.affiliateId })
    .from(offerTrustedAffiliates)
    .where(and(eq(offerTrustedAffiliates.offerId, offerId), eq(offerTrustedAffiliates.affiliateId, affiliateId)))
    .limit(1);
  return !!row;
};

/** An attached landing of the wanted type that is active; private ones only for trusted affiliates (docs/product/offers.md). */
const attachedLanding = async (
  db: Db,
  offerId: string,
  landingId: string,
  type: 'landing' | 'prelanding',
  trusted: boolean,
) => {
  const field = type === 'landing' ? 'landing_uuid' : 'prelanding_uuid';
  const [row] = await db
    .select({ l: landings })
    .from(offerLandings)
    .innerJoin(landings, eq(landings.id, offerLandings.landingId))
    .where(and(eq(offerLandings.offerId, offerId), eq(offerLandings.landingId, landingId)))
    .limit(1);
  if (!row || row.l.type !== type || row.l.status === 'deleted' || (row.l.privacy === 'private' && !trusted)) {
    throw badRequest(
      field,
      type === 'landing'
        ? 'This landing is not attached to the offer'
        : 'This pre-landing is not attached to the offer',
    );
  }
  if (row.l.status !== 'active')
    throw badRequest(
      field,
      `The ${type === 'landing' ? 'landing' : 'pre-landing'} is not active (${row.l.status}): a link cannot be built on it`,
    );
  return row.l.number;
};

/**
 * A click URL for one affiliate. The caller has checked that the affiliate may run the offer; `domains` are the
 * tracking domains of the settings, `panelOrigin` the panel's own address (always allowed).
 */
export const buildLink = async (
  db: Db,
  offer: OfferRow,
  affiliateId: string,
  input: LinkInput,
  opts: { panelOrigin: string; domains: readonly string[] },
) => {
  if (offer.status === 'deleted') throw badRequest('offer', 'The offer is deleted');
  if (offer.type === 'api' && !input.landing_uuid)
    throw badRequest('landing_uuid', 'Choose a landing: API offers collect leads on it');
  // A public offer runs for everyone, but its private landings only for its trusted affiliates (as the portal lists them).
  const trusted = await isTrusted(db, offer.id, affiliateId);
  const landingId = input.landing_uuid
    ? await attachedLanding(db, offer.id, input.landing_uuid, 'landing', trusted)
    : null;
  const prelandingId = input.prelanding_uuid
    ? await attachedLanding(db, offer.id, input.prelanding_uuid, 'prelanding', trusted)
    : null;
  if (input.domain && !opts.domains.includes(input.domain)) throw badRequest('domain', 'Unknown tracking domain');
  const origin = input.domain ? `https://${input.domain}` : opts.panelOrigin;
  return {
    url: buildTrackingLink({
      origin,
      offerId: offer.number,
      affiliateId,
      landingId,
      prelandingId,
      subs: { sub1: input.sub1, sub2: input.sub2, sub3: input.sub3, sub4: input.sub4, sub5: input.sub5 },
    }),
  };
};
