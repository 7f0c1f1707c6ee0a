import { and, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { landingInputSchema, landingStatusChangeSchema } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { landings, offerLandings, offers } from '../../db/schema.ts';
import { writeAudit } from '../../lib/audit.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { findLanding } from './landings.repository.ts';

type InputBody = z.output<typeof landingInputSchema>;
type StatusBody = z.output<typeof landingStatusChangeSchema>;
type Meta = { ip: string };
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const readBack = async (db: Db, id: string) => (await findLanding(db, id))!;

type Change = 'create' | 'update' | 'status';

/** One audit action for every landing write; the subject column names users, so the landing rides in the details. */
const audit = (
  db: Db,
  auth: AuthContext,
  ip: string,
  change: Change,
  landing: { id: string; number: number },
  details: Record<string, unknown>,
) =>
  writeAudit(db, {
    action: 'landing_change',
    actorId: auth.user.id,
    ip,
    details: { landing_uuid: landing.id, landing_id: landing.number, change, ...details },
  });

const values = (body: InputBody) => ({
  name: body.name,
  type: body.type,
  url: body.url,
  previewUrl: body.preview_url,
  languages: body.languages,
  privacy: body.privacy,
  tags: [...new Set(body.tags)],
});

/**
 * Make the landing's offers exactly `offerIds`. Links to deleted offers are not touched (they are not shown either),
 * so restoring an offer brings its landings back. A newly linked landing goes last in the offer's order.
 */
const setOffers = async (tx: Tx, landingId: string, offerIds: string[]) => {
  if (offerIds.length) {
    const found = await tx
      .select({ id: offers.id })
      .from(offers)
      .where(and(inArray(offers.id, offerIds), ne(offers.status, 'deleted')));
    if (found.length !== offerIds.length) throw badRequest('offer_uuids', 'Unknown offer');
  }
  const live = tx.select({ id: offers.id }).from(offers).where(ne(offers.status, 'deleted'));
  await tx
    .delete(offerLandings)
    .where(
      and(
        eq(offerLandings.landingId, landingId),
        inArray(offerLandings.offerId, live),
        offerIds.length ? notInArray(offerLandings.offerId, offerIds) : undefined,
      ),
    );
  for (const offerId of offerIds) {
    await tx
      .insert(offerLandings)
      .values({
        offerId,
        landingId,
        position: sql`(select coalesce(max(position) + 1, 0) from offer_landings where offer_id = ${offerId})`,
      })
      .onConflictDoNothing();
  }
};

export const createLanding = async ({ db }: AppDeps, auth: AuthContext, body: InputBody, { ip }: Meta) => {
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(landings)
      .values({ ...values(body), status: body.status })
      .returning({ id: landings.id, number: landings.number });
    await setOffers(tx, inserted.id, body.offer_uuids);
    return inserted;
  });
  await audit(db, auth, ip, 'create', row, {
    name: body.name,
    type: body.type,
    status: body.status,
    offers: body.offer_uuids.length,
  });
  return readBack(db, row.id);
};

export const updateLanding = async ({ db }: AppDeps, auth: AuthContext, id: string, body: InputBody, { ip }: Meta) => {
  const [current] = await db
    .select({ id: landings.id, number: landings.number, status: landings.status })
    .from(landings)
    .where(eq(landings.id, id))
    .limit(1);
  if (!current) throw notFound('Landing');
  // Like offers (decision 008): a deleted landing is restored by a status change first, never revived by a form.
  if (current.status === 'deleted') throw badRequest('status', 'This landing is deleted: restore it before editing');
  const { status } = body;
  await db.transaction(async (tx) => {
    await tx
      .update(landings)
      .set({ ...values(body), status, updatedAt: sql`now()` })
      .where(eq(landings.id, id));
    await setOffers(tx, id, body.offer_uuids);
  });
  await audit(db, auth, ip, 'update', current, { name: body.name, offers: body.offer_uuids.length });
  if (status !== current.status) await audit(db, auth, ip, 'status', current, { from: current.status, to: status });
  return readBack(db, id);
};

/** Deleting is a status: the landing leaves lists and pickers, its offer links and history stay. */
export const changeLandingStatus = async (
  { db }: AppDeps,
  auth: AuthContext,
  id: string,
  body: StatusBody,
  { ip }: Meta,
) => {
  const [current] = await db
    .select({ id: landings.id, number: landings.number, status: landings.status })
    .from(landings)
    .where(eq(landings.id, id))
    .limit(1);
  if (!current) throw notFound('Landing');
  if (current.status !== body.status) {
    await db
      .update(landings)
      .set({ status: body.status, updatedAt: sql`now()` })
      .where(eq(landings.id, id));
    await audit(db, auth, ip, 'status', current, { from: current.status, to: body.status });
  }
  return readBack(db, id);
};
