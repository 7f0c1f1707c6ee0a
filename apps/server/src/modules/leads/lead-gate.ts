import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { LeadCreate } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { clicks, landings, offerLandings, offers } from '../../db/schema.ts';
import { invalidField, refuse } from './lead-refusal.ts';
import { normalizePhone } from './lead-phone.ts';

export type Affiliate = { id: string; role: string; status: string };
export type Offer = typeof offers.$inferSelect;
type Click = typeof clicks.$inferSelect;
export type GatedLead = { offer: Offer; phone: string; click: Click | null; landingId: string | null };

const findOffer = async (db: Db, number: number, affiliateId: string) => {
  const [row] = await db.select({
    o: offers,
    trusted: sql<boolean>`exists (select 1 from offer_trusted_affiliates t where t.offer_id = ${offers.id} and t.affiliate_id = ${affiliateId})`,
  }).from(offers).where(and(eq(offers.number, number), ne(offers.status, 'deleted'))).limit(1);
  return row;
};

/** Clicks are written in batches: one made a moment ago may still be in this process's buffer. */
const findClick = async (db: Db, app: FastifyInstance | null, id: string) => {
  const read = async () => (await db.select().from(clicks).where(eq(clicks.id, id)).limit(1))[0];
  const found = await read();
  if (found || !app?.hasDecorator('tracking')) return found;
  await app.tracking.writer.flush();
  return read();
};

const findLanding = async (db: Db, offerId: string, number: number) => {
  const [row] = await db.select({ id: landings.id }).from(landings)
    .innerJoin(offerLandings, and(eq(offerLandings.landingId, landings.id), eq(offerLandings.offerId, offerId)))
    .where(eq(landings.number, number)).limit(1);
  return row?.id ?? null;
};

/**
 * Everything that can refuse a lead before it is stored, in the order an integrator fixes them: the phone, the account, the offer
 * (exists and takes API leads, open to this affiliate, running), the country, then the click and landing it names.
 */
export const gateLead = async (db: Db, app: FastifyInstance | null, affiliate: Affiliate, input: LeadCreate, now = new Date()): Promise<GatedLead> => {
  const phone = normalizePhone(input.phone, input.country);
  if ('error' in phone) throw invalidField('phone', phone.error);
  if (affiliate.role !== 'affiliate' || affiliate.status !== 'active') throw refuse('not_allowed', 'Your account is not active');
  const row = await findOffer(db, input.offer_id, affiliate.id);
  if (!row || row.o.type !== 'api') throw invalidField('offer_id', 'No API offer with this ID');
  const { o: offer } = row;
  // PRODUCT.md §2: public offers are open to all; private and premoderated ones to trusted affiliates only.
  if (offer.privacy !== 'public' && !row.trusted) throw refuse('not_allowed');
  const inDates = (!offer.startsAt || offer.startsAt <= now) && (!offer.stopsAt || offer.stopsAt > now);
  if (offer.status !== 'active' || !inDates) throw refuse('offer_not_active');
  if (offer.geos.length && !offer.geos.includes(input.country)) throw refuse('geo_not_allowed', `The offer does not take leads from ${input.country}`);

  let click: Click | null = null;
  if (input.click_id) {
    click = (await findClick(db, app, input.click_id)) ?? null;
    if (!click || click.offerId !== offer.id || click.affiliateId !== affiliate.id) throw invalidField('click_id', 'Unknown click_id');
  }
  let landingId = click?.landingId ?? null;
  if (input.landing !== undefined) {
    landingId = await findLanding(db, offer.id, input.landing);
    if (!landingId) throw invalidField('landing', 'This offer has no landing with this number');
  }
  return { offer, phone: phone.phone, click, landingId };
};
