import { and, eq } from 'drizzle-orm';
import { resolveFraudSettings, type FraudSettings, type LeadCreate } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { clicks, landings, offerLandings } from '../../db/schema.ts';
import type { LeadCache, LeadOffer, Offer } from './lead-cache.ts';
import { offerFraudSettingsOf, type ContactMatches } from '../fraud/index.ts';
import { contactMatches } from './lead-fraud.ts';
import { invalidField, refuse } from './lead-refusal.ts';
import { normalizePhone } from './lead-phone.ts';

/** What a lead uses of the app's runtime services: the lead cache, and the click writer's flush (services.ts). */
export type LeadRuntime = { cache: LeadCache; flushClicks: () => Promise<void> };
export type Affiliate = { id: string; role: string; status: string };
type Click = typeof clicks.$inferSelect;
export type GatedLead = {
  offer: Offer;
  leadCaps: LeadOffer['leadCaps'];
  phone: string;
  click: Click | null;
  landingId: string | null;
  /** The network's fraud settings with the offer's own values over them. */
  fraud: FraudSettings;
  /** Other offers that got this email or phone lately (null: the signal is off). */
  contacts: ContactMatches | null;
};

/** Clicks are written in batches: one made a moment ago may still be in this process's buffer. */
const findClick = async (db: Db, flushClicks: () => Promise<void>, id: string) => {
  const read = async () => (await db.select().from(clicks).where(eq(clicks.id, id)).limit(1))[0];
  const found = await read();
  if (found) return found;
  await flushClicks();
  return read();
};

const findLanding = async (db: Db, offerId: string, number: number) => {
  const [row] = await db
    .select({ id: landings.id })
    .from(landings)
    .innerJoin(offerLandings, and(eq(offerLandings.landingId, landings.id), eq(offerLandings.offerId, offerId)))
    .where(eq(landings.number, number))
    .limit(1);
  return row?.id ?? null;
};

/**
 * Everything that can refuse a lead before it is stored, in the order an integrator fixes them: the phone, the account, the offer
 * (exists and takes API leads, open to this affiliate, running), the country, then the click and landing it names.
 */
export const gateLead = async (
  db: Db,
  { cache, flushClicks }: LeadRuntime,
  affiliate: Affiliate,
  input: LeadCreate,
  now = new Date(),
): Promise<GatedLead> => {
  const phone = normalizePhone(input.phone, input.country);
  if ('error' in phone) throw invalidField('phone', phone.error);
  if (affiliate.role !== 'affiliate' || affiliate.status !== 'active')
    throw refuse('not_allowed', 'Your account is not active');
  const row = await cache.offers.get(input.offer_id);
  if (!row || row.offer.type !== 'api') throw invalidField('offer_id', 'No API offer with this ID');
  const { offer } = row;
  // Public offers are open to all (docs/product/offers.md); private and premoderated ones to trusted affiliates only.
  if (offer.privacy !== 'public' && !row.trusted.has(affiliate.id)) throw refuse('not_allowed');
  if (row.paused.has(affiliate.id)) throw refuse('paused');
  const inDates = (!offer.startsAt || offer.startsAt <= now) && (!offer.stopsAt || offer.stopsAt > now);
  if (offer.status !== 'active' || !inDates) throw refuse('offer_not_active');
  if (offer.geos.length && !offer.geos.includes(input.country))
    throw refuse('geo_not_allowed', `The offer does not take leads from ${input.country}`);

  const fraud = resolveFraudSettings(await cache.fraudSettings(), offerFraudSettingsOf(offer.fraudSettings));
  // Run beside the click and landing look-ups (each a round trip when named), so scoring adds none of its own then.
  const contacts =
    fraud.weights.duplicate_contact > 0
      ? contactMatches(db, offer.id, input.email, phone.phone, fraud.thresholds.duplicate_contact_days)
      : Promise.resolve(null);
  // A refusal below must not leave the count's failure unhandled; it is awaited at the end otherwise.
  contacts.catch(() => {});

  let click: Click | null = null;
  if (input.click_id) {
    click = (await findClick(db, flushClicks, input.click_id)) ?? null;
    if (!click || click.offerId !== offer.id || click.affiliateId !== affiliate.id)
      throw invalidField('click_id', 'Unknown click_id');
  }
  let landingId = click?.landingId ?? null;
  if (input.landing !== undefined) {
    landingId = await findLanding(db, offer.id, input.landing);
    if (!landingId) throw invalidField('landing', 'This offer has no landing with this number');
  }
  return { offer, leadCaps: row.leadCaps, phone: phone.phone, click, landingId, fraud, contacts: await contacts };
};
