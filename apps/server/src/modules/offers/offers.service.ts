import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { offerCreateSchema, offerStatusChangeSchema, offerUpdateSchema } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import {
  offerCaps,
  offerLandings,
  offerPayoutOverrides,
  offerProducts,
  offerTrustedAffiliates,
  offers,
} from '../../db/schema.ts';
import { writeAudit } from '../../lib/audit.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { loadOfferDetail } from './offers.detail.ts';
import { assertAdvertiser } from './offers.validation.ts';
import { assertMayChangeFraud, checkOfferFraudSettings } from './offers.fraud.ts';

type Create = z.output<typeof offerCreateSchema>;
type Update = z.output<typeof offerUpdateSchema>;
type Meta = { ip?: string };

export const findLiveOffer = async (db: Db, id: string) => {
  const [row] = await db.select().from(offers).where(eq(offers.id, id)).limit(1);
  if (!row) throw notFound('Offer');
  return row;
};

/** A deleted offer reads as not editable (detail `editable`); it takes changes again once a status change restores it. */
export const findEditableOffer = async (db: Db, id: string) => {
  const row = await findLiveOffer(db, id);
  if (row.status === 'deleted') throw badRequest('status', 'This offer is deleted: restore it before editing');
  return row;
};

export const auditOffer = (db: Db, auth: AuthContext, offerId: string, section: string, meta: Meta) =>
  writeAudit(db, {
    action: 'offer_change',
    actorId: auth.user.id,
    ip: meta.ip,
    details: { offer_uuid: offerId, section },
  });

const primaryValues = (input: Update) => ({
  title: input.title,
  vertical: input.vertical,
  privacy: input.privacy,
  currency: input.currency,
  description: input.description ?? '',
  trafficSources: input.traffic_sources,
  imageUrl: input.image_url,
  geos: input.geos,
  startsAt: input.starts_at ? new Date(input.starts_at) : null,
  stopsAt: input.stops_at ? new Date(input.stops_at) : null,
  notes: input.notes ?? '',
  trackingUrl: input.tracking_url,
  previewUrl: input.preview_url,
  trafficbackUrl: input.trafficback_url,
});

/** The primary section; the offer starts not_active and goes live once it has goals (docs/product/offers.md). */
export const createOffer = async ({ db }: AppDeps, auth: AuthContext, input: Create, meta: Meta) => {
  await assertAdvertiser(db, auth, input.advertiser_uuid);
  if (input.fraud_settings !== undefined) assertMayChangeFraud(auth);
  const fraudSettings = await checkOfferFraudSettings(db, input.fraud_settings);
  const [row] = await db
    .insert(offers)
    .values({
      ...primaryValues(input),
      fraudSettings,
      type: input.type,
      status: 'not_active',
      createdBy: auth.user.id,
      advertiserId: input.type === 'direct_link' ? input.advertiser_uuid : null,
    })
    .returning({ id: offers.id });
  await auditOffer(db, auth, row.id, 'create', meta);
  return loadOfferDetail(db, auth, row.id);
};

export const updateOffer = async ({ db }: AppDeps, auth: AuthContext, id: string, input: Update, meta: Meta) => {
  const current = await findEditableOffer(db, id);
  if (current.type === 'direct_link') {
    if (!input.advertiser_uuid) throw badRequest('advertiser_uuid', 'Choose an advertiser');
    if (!input.tracking_url) throw badRequest('tracking_url', 'Tracking URL is required');
  }
  await assertAdvertiser(db, auth, input.advertiser_uuid, current.advertiserId);
  // Left out, the offer's own fraud values stay as stored; null gives them back to the network.
  if (input.fraud_settings !== undefined) assertMayChangeFraud(auth);
  const fraud =
    input.fraud_settings === undefined
      ? {}
      : { fraudSettings: await checkOfferFraudSettings(db, input.fraud_settings) };
  await db
    .update(offers)
    .set({
      ...primaryValues(input),
      ...fraud,
      advertiserId: current.type === 'direct_link' ? input.advertiser_uuid : null,
      updatedAt: sql`now()`,
    })
    .where(eq(offers.id, id));
  await auditOffer(db, auth, id, 'primary', meta);
  if (input.fraud_settings !== undefined) await auditOffer(db, auth, id, 'fraud_settings', meta);
  return loadOfferDetail(db, auth, id);
};

export const changeOfferStatus = async (
  { db }: AppDeps,
  auth: AuthContext,
  id: string,
  { status }: z.output<typeof offerStatusChangeSchema>,
  meta: Meta,
) => {
  const current = await findLiveOffer(db, id);
  if (status === 'active' && !current.goals.length)
    throw badRequest('status', 'Add a goal with its payout before activating the offer');
  await db
    .update(offers)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(offers.id, id));
  await auditOffer(db, auth, id, `status:${status}`, meta);
  return loadOfferDetail(db, auth, id);
};

/** A copy with every section, as not_active; access requests and traffic stay with the original. */
export const duplicateOffer = async ({ db }: AppDeps, auth: AuthContext, id: string, meta: Meta) => {
  const src = await findLiveOffer(db, id);
  const copyId = await db.transaction(async (tx) => {
    const { id: _id, number: _n, createdAt: _c, updatedAt: _u, status: _s, title, createdBy: _b, ...rest } = src;
    const [copy] = await tx
      .insert(offers)
      .values({ ...rest, title: `${title} (copy)`.slice(0, 200), status: 'not_active', createdBy: auth.user.id })
      .returning({ id: offers.id });
    const to = copy.id;
    await tx.execute(sql`insert into ${offerCaps} (offer_id, metric, period, "limit", geo, device, os, affiliate_id, position)
      select ${to}, metric, period, "limit", geo, device, os, affiliate_id, position from ${offerCaps} where offer_id = ${id}`);
    await tx.execute(sql`insert into ${offerPayoutOverrides} (offer_id, affiliate_id, goal, geo, payout, payout_percent_bp)
      select ${to}, affiliate_id, goal, geo, payout, payout_percent_bp from ${offerPayoutOverrides} where offer_id = ${id}`);
    await tx.execute(sql`insert into ${offerTrustedAffiliates} (offer_id, affiliate_id, added_by)
      select ${to}, affiliate_id, ${auth.user.id} from ${offerTrustedAffiliates} where offer_id = ${id}`);
    await tx.execute(sql`insert into ${offerLandings} (offer_id, landing_id, position)
      select ${to}, landing_id, position from ${offerLandings} where offer_id = ${id}`);
    await tx.execute(sql`insert into ${offerProducts} (offer_id, product_id, priority, weight, geos, caps, working_hours, payout_override, position)
      select ${to}, product_id, priority, weight, geos, caps, working_hours, payout_override, position from ${offerProducts} where offer_id = ${id}`);
    return to;
  });
  await auditOffer(db, auth, copyId, `duplicate:${id}`, meta);
  return loadOfferDetail(db, auth, copyId);
};
