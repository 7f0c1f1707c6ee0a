import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { SessionLogRow, sessionLogQuerySchema } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { leadAttempts, leads, offers, products, users } from '../../db/schema.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { resolveLogScope, trafficConditions, type LogScope } from './log-scope.ts';
import type { Viewer } from './log-viewer.ts';
import { anyOf, COUNT_PROBE, fraudVerdictOf, pageWithCount, iso, partnerFor, searchOf } from './log-sql.ts';
import { sessionExtras } from './session-extras.ts';
import { takePage } from '../../lib/paging.ts';
import { leadContactsFor, refuseContactSearch, type LeadContactMask } from '../../lib/lead-contacts.ts';

const affiliate = alias(users, 'affiliate');
const SUBS = ['sub1', 'sub2', 'sub3', 'sub4', 'sub5'] as const;
const l = leads;
type SessionQuery = z.output<typeof sessionLogQuerySchema>;

/** An ID searched may be a buyer's Lead ID (an attempt's): looked up first, so the lead is found through primary keys. */
const leadIdsOf = async (db: Db, id: string) => [
  id,
  ...(await db.select({ id: leadAttempts.leadId }).from(leadAttempts).where(eq(leadAttempts.id, id)).limit(1)).map(
    (r) => r.id,
  ),
];

const sessionWhere = (s: LogScope, q: SessionQuery, idMatches: string[], mask: LeadContactMask): SQL | undefined => {
  const search = searchOf(q.search);
  if (search && 'email' in search) refuseContactSearch(mask, 'email');
  return and(
    ...trafficConditions(l, s, q),
    q.lead_status?.length ? anyOf(l.status, q.lead_status) : undefined,
    ...SUBS.map((k) => (q[k] ? eq(l[k], q[k]) : undefined)),
    !search
      ? undefined
      : // Our Lead ID, the click's, or the Lead ID one buyer got (an attempt's).
        'id' in search
        ? or(anyOf(l.id, idMatches), eq(l.clickId, search.id))
        : // (offer_id, email, created_at) of de-duplication serves this with the offer list.
          'email' in search
          ? eq(l.email, search.email)
          : // A team lead's text search reads the subs only: an IP would name the lead the masking hides.
            or(mask.hides ? undefined : eq(l.ip, search.text), ...SUBS.map((k) => eq(l[k], search.text))),
  );
};

/**
 * A page of leads, newest first. Affiliates sent these leads and see them whole, but no product; advertisers see
 * their offers' leads without the person (it may have gone to another buyer); staff also get attempts and history.
 */
export const sessionRows = async (
  db: Db,
  viewer: Viewer,
  where: SQL | undefined,
  page: number,
  count: number,
  mask: LeadContactMask,
): Promise<SessionLogRow[]> => {
  const rows = await takePage(
    db
      .select({
        l,
        number: offers.number,
        title: offers.title,
        first: affiliate.firstName,
        last: affiliate.lastName,
        email: affiliate.email,
        productName: products.name,
      })
      .from(l)
      .innerJoin(offers, eq(offers.id, l.offerId))
      .innerJoin(affiliate, eq(affiliate.id, l.affiliateId))
      .leftJoin(products, eq(products.id, l.productId))
      .where(where)
      .orderBy(desc(l.createdAt), desc(l.id))
      .$dynamic(),
    { page, count },
  );
  const extras =
    viewer === 'staff'
      ? await sessionExtras(
          db,
          rows.map((r) => r.l.id),
        )
      : null;
  const person = viewer !== 'advertiser';
  return rows.map(({ l: r, number, title, first, last, email, productName }) => ({
    uuid: r.id,
    created_at: r.createdAt.toISOString(),
    offer: { uuid: r.offerId, id: number, title },
    affiliate: partnerFor(viewer, r.affiliateId, first, last, email),
    ...(viewer !== 'affiliate' && {
      product: r.productId && productName !== null ? { uuid: r.productId, name: productName } : null,
    }),
    click_id: r.clickId,
    email: person ? mask.email(r.email) : null,
    first_name: person ? r.firstName : null,
    last_name: person ? r.lastName : null,
    phone: person ? mask.phone(r.phone) : null,
    ip: person ? mask.ip(r.ip) : null,
    country: r.country,
    sub1: r.sub1,
    sub2: r.sub2,
    sub3: r.sub3,
    sub4: r.sub4,
    sub5: r.sub5,
    status: r.status as SessionLogRow['status'],
    reason: r.reason,
    call_status: r.callStatus,
    is_ftd: r.isFtd,
    ftd_at: iso(r.ftdAt),
    needs_review: r.needsReview,
    is_test: r.isTest,
    ...(extras && maskExtras(extras.get(r.id), mask, r)),
    ...(viewer === 'staff' && fraudVerdictOf(r)),
  }));
};

/** Buyers' answers may echo the lead's contacts: masked in them too. */
const maskExtras = (
  e: Pick<SessionLogRow, 'attempts' | 'history'> | undefined,
  mask: LeadContactMask,
  of: { email: string | null; phone: string | null; ip: string | null },
) =>
  e && mask.hides
    ? {
        attempts: e.attempts?.map((a) => ({ ...a, message: mask.text(a.message, of) ?? '' })),
        history: e.history?.map((h) => ({ ...h, raw: mask.text(h.raw, of) ?? '' })),
      }
    : e;

export const sessionById = async (db: Db, id: string, mask: LeadContactMask) =>
  (await sessionRows(db, 'staff', eq(l.id, id), 1, 1, mask))[0] ?? null;

/** User sessions: conversion status does not apply to leads (lead_status does). */
export const sessionLog = async (db: Db, auth: AuthContext, q: SessionQuery) => {
  const s = await resolveLogScope(db, auth, q);
  if (s.empty) return { list: [], count: 0, count_capped: false };
  const search = searchOf(q.search);
  const mask = leadContactsFor(auth);
  const where = sessionWhere(s, q, search && 'id' in search ? await leadIdsOf(db, search.id) : [], mask);
  return pageWithCount(
    db,
    q,
    (tx) => sessionRows(tx, s.viewer, where, q.page, q.count, mask),
    (tx) =>
      tx
        .select({ one: sql`1` })
        .from(l)
        .where(where)
        .limit(COUNT_PROBE),
  );
};
