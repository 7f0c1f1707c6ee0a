import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { fillMacros, postbacksApi, type PostbackEvent } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { affiliatePostbacks, offerTrustedAffiliates, offers } from '../../db/schema.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { redactQuery } from '../../lib/log-redaction.ts';
import { actorOf } from '../account/account.guard.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { enforceLimit } from '../../lib/rate-limit.ts';
import { sendPostback } from './send-postback.ts';

const TEST_VALUES = {
  click_id: '00000000-0000-4000-8000-000000000001', conversion_id: '00000000-0000-4000-8000-000000000002', offer_id: 1000,
  goal: 'test', payout: '1.00', currency: 'USD', sub1: 'test', lead_id: '',
};

// The answer's body is shown to the affiliate, so each test is a probe of what the address returns: a few a minute.
export const POSTBACK_TEST_LIMIT = (userId: string) => ({ key: `postback-test:${userId}`, max: 10, windowMs: 60_000 });

const list = async (db: Db, affiliateId: string) => {
  const rows = await db.select({ p: affiliatePostbacks, number: offers.number, title: offers.title }).from(affiliatePostbacks)
    .leftJoin(offers, eq(offers.id, affiliatePostbacks.offerId))
    .where(eq(affiliatePostbacks.affiliateId, affiliateId)).orderBy(asc(affiliatePostbacks.event), asc(offers.number));
  return {
    list: rows.map(({ p, number, title }) => ({
      uuid: p.id, event: p.event as PostbackEvent, offer: p.offerId && number !== null ? { id: number, title: title ?? '' } : null, url: p.url,
    })),
  };
};

/** Offer numbers → ids among the offers this affiliate can see (a private offer only when trusted); others are field errors. */
const resolveOffers = async (db: Db, affiliateId: string, numbers: (number | null)[]) => {
  const wanted = [...new Set(numbers.filter((n): n is number => n !== null))];
  if (!wanted.length) return new Map<number, string>();
  const rows = await db.select({ id: offers.id, number: offers.number }).from(offers)
    .where(and(inArray(offers.number, wanted), ne(offers.status, 'deleted'), sql`(${offers.privacy} <> 'private' or exists (
      select 1 from ${offerTrustedAffiliates} t where t.offer_id = ${offers.id} and t.affiliate_id = ${affiliateId}))`));
  return new Map(rows.map((r) => [r.number, r.id]));
};

type UrlRow = { event: string; offerId: string | null; url: string };
const keyOf = (r: UrlRow) => `${r.event} ${r.offerId ?? '*'} ${r.url}`;
const shown = (rows: UrlRow[]) => rows.map((r) => ({ event: r.event, offer_uuid: r.offerId, url: redactQuery(r.url) }));

/** Where conversions are reported moves traffic and money: a save that changes a URL is audited, credentials in its query masked. */
const auditUrlChange = async (tx: Db, who: { affiliateId: string; actorId: string; ip: string }, before: UrlRow[], after: UrlRow[]) => {
  const was = new Set(before.map(keyOf));
  const now = new Set(after.map(keyOf));
  const removed = before.filter((r) => !now.has(keyOf(r)));
  const added = after.filter((r) => !was.has(keyOf(r)));
  if (!removed.length && !added.length) return;
  await writeAudit(tx, { action: 'postback_url_change', actorId: who.actorId, subjectId: who.affiliateId, ip: who.ip, details: { added: shown(added), removed: shown(removed) } });
};

export const postbackSettingsRoutes = async (app: FastifyInstance, { db, config }: AppDeps) => {
  registerEndpoint(app, postbacksApi.getSettings, ({ auth }) => list(db, auth!.user.id));

  registerEndpoint(app, postbacksApi.putSettings, async ({ auth, body, ip }) => {
    const affiliateId = auth!.user.id;
    const ids = await resolveOffers(db, affiliateId, body.items.map((i) => i.offer_id));
    const errors: Record<string, string> = {};
    body.items.forEach((i, n) => {
      if (i.offer_id !== null && !ids.has(i.offer_id)) errors[`items.${n}.offer_id`] = 'Unknown offer';
    });
    if (Object.keys(errors).length) throw new AppError(400, errors);
    // Replaced as a whole: the form always sends the full list.
    await inTransaction(db, async (tx) => {
      const removed = await tx.delete(affiliatePostbacks).where(eq(affiliatePostbacks.affiliateId, affiliateId))
        .returning({ event: affiliatePostbacks.event, offerId: affiliatePostbacks.offerId, url: affiliatePostbacks.url });
      const added = body.items.map((i) => ({ event: i.event, offerId: i.offer_id === null ? null : ids.get(i.offer_id)!, url: i.url }));
      if (added.length) await tx.insert(affiliatePostbacks).values(added.map((a) => ({ affiliateId, ...a })));
      await auditUrlChange(tx, { affiliateId, actorId: actorOf(auth!), ip }, removed, added);
    });
    return list(db, affiliateId);
  });

  // Macros filled with sample values, sent through the same address guard; not stored as a postback.
  registerEndpoint(app, postbacksApi.sendTest, async ({ auth, body }) => {
    await enforceLimit(db, POSTBACK_TEST_LIMIT(auth!.user.id));
    const url = fillMacros(body.url, { ...TEST_VALUES, status: body.event === 'conversion' ? 'pending' : 'approved' });
    const { refused: _refused, ...attempt } = await sendPostback(url, config.ALLOW_PRIVATE_POSTBACK_TARGETS);
    return attempt;
  });
};
