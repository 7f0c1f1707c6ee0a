import { and, desc, eq, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { ClickLogRow, clickLogQuerySchema } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { clicks, landings, offers, users } from '../../db/schema.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { leadOf, resolveLogScope, trafficConditions, type Lead, type LogScope } from './log-scope.ts';
import type { Viewer } from './log-viewer.ts';
import { COUNT_PROBE, fraudVerdictOf, pageWithCount, partnerFor, searchOf } from './log-sql.ts';
import { takePage } from '../../lib/paging.ts';

const affiliate = alias(users, 'affiliate');
type LogQuery = z.output<typeof clickLogQuerySchema>;
const SUBS = ['sub1', 'sub2', 'sub3', 'sub4', 'sub5'] as const;

/** Only clicks' own columns, so the planner can walk clicks by (created_at) or (offer_id|affiliate_id, created_at). */
const clickWhere = (s: LogScope, q: LogQuery, lead: Lead | undefined): SQL | undefined => {
  const search = searchOf(q.search);
  return and(
    ...trafficConditions(clicks, s, q, lead),
    ...SUBS.map((k) => (q[k] ? eq(clicks[k], q[k]) : undefined)),
    !search
      ? undefined
      : 'id' in search
        ? eq(clicks.id, search.id)
        : // A click has no email: such a search finds no click rather than every click.
          'email' in search
          ? sql`false`
          : or(eq(clicks.ip, search.text), ...SUBS.map((k) => eq(clicks[k], search.text))),
  );
};

/** A page of clicks, newest first, as the viewer may see them; `lead` (one value on every row) comes first in the order (leadOf). */
export const clickRows = async (
  db: Db,
  viewer: Viewer,
  where: SQL | undefined,
  page: number,
  count: number,
  lead?: AnyColumn,
): Promise<ClickLogRow[]> => {
  const rows = await takePage(
    db
      .select({
        c: clicks,
        number: offers.number,
        title: offers.title,
        first: affiliate.firstName,
        last: affiliate.lastName,
        email: affiliate.email,
        landing: landings.name,
      })
      .from(clicks)
      .innerJoin(offers, eq(offers.id, clicks.offerId))
      .leftJoin(affiliate, eq(affiliate.id, clicks.affiliateId))
      .leftJoin(landings, eq(landings.id, clicks.landingId))
      .where(where)
      .orderBy(...(lead ? [desc(lead)] : []), desc(clicks.createdAt), desc(clicks.id))
      .$dynamic(),
    { page, count },
  );
  return rows.map(({ c, number, title, first, last, email, landing }) => ({
    uuid: c.id,
    created_at: c.createdAt.toISOString(),
    offer: { uuid: c.offerId, id: number, title },
    affiliate: c.affiliateId ? partnerFor(viewer, c.affiliateId, first, last, email) : null,
    landing: c.landingId && landing !== null ? { uuid: c.landingId, name: landing } : null,
    sub1: c.sub1,
    sub2: c.sub2,
    sub3: c.sub3,
    sub4: c.sub4,
    sub5: c.sub5,
    ip: c.ip,
    country: c.country,
    device: c.device,
    os: c.os,
    browser: c.browser,
    referrer: c.referrer,
    user_agent: c.userAgent,
    is_unique: c.isUnique,
    is_bot: c.isBot,
    trafficback_reason: c.trafficbackReason,
    ...(viewer === 'staff' && fraudVerdictOf(c)),
  }));
};

export const clickById = async (db: Db, id: string) =>
  (await clickRows(db, 'staff', eq(clicks.id, id), 1, 1))[0] ?? null;

/** The click log: conversion status does not apply to clicks; a product keeps the clicks of offers that sell to it. */
export const clickLog = async (db: Db, auth: AuthContext, q: LogQuery) => {
  const s = await resolveLogScope(db, auth, q, { clicks: true });
  if (s.empty) return { list: [], count: 0, count_capped: false };
  const lead = leadOf(clicks, s);
  const where = clickWhere(s, q, lead);
  return pageWithCount(
    db,
    q,
    (tx) => clickRows(tx, s.viewer, where, q.page, q.count, lead?.column),
    (tx) =>
      tx
        .select({ one: sql`1` })
        .from(clicks)
        .where(where)
        .limit(COUNT_PROBE),
  );
};
