import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { InboundPostback, OutboundPostback } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { inboundPostbacks, offers, outboundAttempts, outboundPostbacks, users } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { refOf } from '../../lib/people.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { affiliatesInScope } from '../../lib/scope.ts';
import { generalSettings } from '../settings/index.ts';
import { requeue } from './outbound.service.ts';
import { redactQuery } from '../../lib/log-redaction.ts';
import { actorOf } from '../account/index.ts';
import { takePage } from '../../lib/paging.ts';

const affiliate = alias(users, 'affiliate');
const advertiser = alias(users, 'advertiser');
type Query = {
  affiliate_uuid?: string;
  offer_uuid?: string;
  status_code?: number;
  date_from?: string;
  date_to?: string;
  page: number;
  count: number;
};

/** Staff see their affiliates' rows (decision 006); an affiliate only their own. */
const scopeOf = (
  db: Db,
  auth: AuthContext,
  column: typeof outboundPostbacks.affiliateId | typeof inboundPostbacks.affiliateId,
): SQL | undefined => {
  if (auth.user.role === 'affiliate') return eq(column, auth.user.id);
  const scope = affiliatesInScope(db, auth);
  return scope ? sql`${column} in (${scope})` : undefined;
};

/** Filters shared by both logs; dates are days in the partner time zone. */
const filters = (
  q: Query,
  t: typeof outboundPostbacks | typeof inboundPostbacks,
  statusCode: SQL | undefined,
  tz: string,
): SQL[] => [
  ...(q.affiliate_uuid ? [eq(t.affiliateId, q.affiliate_uuid)] : []),
  ...(q.offer_uuid ? [eq(t.offerId, q.offer_uuid)] : []),
  ...(statusCode ? [statusCode] : []),
  ...(q.date_from ? [gte(t.createdAt, sql`(${q.date_from}::date)::timestamp at time zone ${tz}`)] : []),
  ...(q.date_to ? [lt(t.createdAt, sql`(${q.date_to}::date + 1)::timestamp at time zone ${tz}`)] : []),
];

export const loadOutbound = async (db: Db, where: SQL | undefined, page: number, count: number) => {
  const rows = await takePage(
    db
      .select({
        p: outboundPostbacks,
        number: offers.number,
        title: offers.title,
        first: affiliate.firstName,
        last: affiliate.lastName,
        email: affiliate.email,
      })
      .from(outboundPostbacks)
      .innerJoin(affiliate, eq(affiliate.id, outboundPostbacks.affiliateId))
      .leftJoin(offers, eq(offers.id, outboundPostbacks.offerId))
      .where(where)
      .orderBy(desc(outboundPostbacks.createdAt), desc(outboundPostbacks.id))
      .$dynamic(),
    { page, count },
  );
  const ids = rows.map((r) => r.p.id);
  const attempts = ids.length
    ? await db
        .select()
        .from(outboundAttempts)
        .where(inArray(outboundAttempts.postbackId, ids))
        .orderBy(asc(outboundAttempts.at))
    : [];
  return rows.map(({ p, number, title, first, last, email }): OutboundPostback => ({
    uuid: p.id,
    created_at: p.createdAt.toISOString(),
    event: p.event as OutboundPostback['event'],
    affiliate: refOf(p.affiliateId, first, last, email)!,
    offer: p.offerId && number !== null ? { uuid: p.offerId, id: number, title: title ?? '' } : null,
    conversion_uuid: p.conversionId,
    url: p.url,
    status: p.status as OutboundPostback['status'],
    attempts_count: p.attemptsCount,
    last_status_code: p.lastStatusCode,
    next_attempt_at: p.nextAttemptAt?.toISOString() ?? null,
    attempts: attempts
      .filter((a) => a.postbackId === p.id)
      .map((a) => ({
        at: a.at.toISOString(),
        url: a.url,
        status_code: a.statusCode,
        response: a.response,
        duration_ms: a.durationMs,
        error: a.error,
      })),
  }));
};

const countOf = async (db: Db, table: typeof outboundPostbacks | typeof inboundPostbacks, where: SQL | undefined) =>
  (
    await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(table)
      .where(where)
  )[0].n;

/** The outbound postback log: what the panel sent to affiliates, with every attempt. */
export const listOutbound = async (
  db: Db,
  auth: AuthContext,
  query: Query & { status?: OutboundPostback['status'] },
) => {
  const { time_zone } = await generalSettings.get(db);
  const t = outboundPostbacks;
  const where = and(
    scopeOf(db, auth, t.affiliateId),
    ...filters(
      query,
      t,
      query.status_code !== undefined ? eq(t.lastStatusCode, query.status_code) : undefined,
      time_zone,
    ),
    ...(query.status ? [eq(t.status, query.status)] : []),
  );
  const [list, count] = await Promise.all([loadOutbound(db, where, query.page, query.count), countOf(db, t, where)]);
  return { list, count };
};

/** Sends a logged postback again, audited; answers with its row as the log shows it. */
export const resendPostback = async (db: Db, auth: AuthContext, params: { uuid: string }, ip: string) => {
  const where = and(eq(outboundPostbacks.id, params.uuid), scopeOf(db, auth, outboundPostbacks.affiliateId));
  const [found] = await db
    .select({
      id: outboundPostbacks.id,
      affiliateId: outboundPostbacks.affiliateId,
      event: outboundPostbacks.event,
      url: outboundPostbacks.url,
    })
    .from(outboundPostbacks)
    .where(where)
    .limit(1);
  if (!found) throw notFound('Postback');
  await requeue(db, found.id, {
    action: 'postback_resend',
    actorId: actorOf(auth),
    subjectId: found.affiliateId,
    ip,
    details: { postback_uuid: found.id, event: found.event, url: redactQuery(found.url) },
  });
  return (await loadOutbound(db, where, 1, 1))[0];
};

/** The inbound postback log: what advertisers sent the panel. */
export const listInbound = async (db: Db, auth: AuthContext, query: Query) => {
  const { time_zone } = await generalSettings.get(db);
  const t = inboundPostbacks;
  // Inbound rows are scoped by the click's affiliate; rows without one (a bad click id) are for the unscoped only.
  const where = and(
    scopeOf(db, auth, t.affiliateId),
    ...filters(query, t, query.status_code !== undefined ? eq(t.statusCode, query.status_code) : undefined, time_zone),
  );
  const rows = await takePage(
    db
      .select({
        r: inboundPostbacks,
        number: offers.number,
        title: offers.title,
        affFirst: affiliate.firstName,
        affLast: affiliate.lastName,
        affEmail: affiliate.email,
        advFirst: advertiser.firstName,
        advLast: advertiser.lastName,
        advEmail: advertiser.email,
        advCompany: advertiser.company,
      })
      .from(t)
      .leftJoin(affiliate, eq(affiliate.id, t.affiliateId))
      .leftJoin(advertiser, eq(advertiser.id, t.advertiserId))
      .leftJoin(offers, eq(offers.id, t.offerId))
      .where(where)
      .orderBy(desc(t.createdAt), desc(t.id))
      .$dynamic(),
    query,
  );
  const list = rows.map(({ r, number, title, ...p }): InboundPostback => {
    const adv = refOf(r.advertiserId, p.advFirst, p.advLast, p.advEmail);
    return {
      uuid: r.id,
      created_at: r.createdAt.toISOString(),
      method: r.method,
      ip: r.ip,
      advertiser: adv && p.advCompany ? { ...adv, name: p.advCompany } : adv,
      affiliate: refOf(r.affiliateId, p.affFirst, p.affLast, p.affEmail),
      offer: r.offerId && number !== null ? { uuid: r.offerId, id: number, title: title ?? '' } : null,
      click_id: r.clickId,
      conversion_uuid: r.conversionId,
      params: r.params,
      status_code: r.statusCode,
      response: r.response,
    };
  });
  return { list, count: await countOf(db, t, where) };
};
