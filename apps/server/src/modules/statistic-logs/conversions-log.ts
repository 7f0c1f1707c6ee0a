import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { ConversionLogRow, conversionLogQuerySchema } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { clicks, conversions, leads, offers, products, users } from '../../db/schema.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { resolveLogScope, trafficConditions, type LogScope } from './log-scope.ts';
import type { Viewer } from './log-viewer.ts';
import { everyOffer } from './log-offers.ts';
import {
  advertiserName,
  fraudVerdictOf,
  anyOf,
  COUNT_PROBE,
  pageWithCount,
  iso,
  partnerFor,
  searchOf,
} from './log-sql.ts';
import { takePage } from '../../lib/paging.ts';
import { leadContactsFor, refuseContactSearch, type LeadContactMask } from '../../lib/lead-contacts.ts';
import { getFraudSettings } from '../fraud/index.ts';
import { qualityFields } from './conversion-quality.ts';

const affiliate = alias(users, 'affiliate');
const advertiser = alias(users, 'advertiser');
const byEmail = alias(leads, 'by_email');
type LogQuery = z.output<typeof conversionLogQuerySchema>;
const SUBS = ['sub1', 'sub2', 'sub3', 'sub4', 'sub5'] as const;
/** A conversion has no subs of its own: the lead's (API offers), else the click's. */
const subOf = (k: (typeof SUBS)[number]) => sql<string | null>`coalesce(${leads[k]}, ${clicks[k]})`;
const v = conversions;
/** As in the reports: the offer's advertiser, else the owner of the product that took the lead. */
const advertiserOf = sql`coalesce(${offers.advertiserId}, ${products.advertiserId})`;

const conversionWhere = (db: Db, s: LogScope, q: LogQuery, mask: LeadContactMask): SQL | undefined => {
  const search = searchOf(q.search);
  if (search && 'email' in search) refuseContactSearch(mask, 'email');
  return and(
    ...trafficConditions(v, s, q),
    q.status?.length ? anyOf(v.status, q.status) : undefined,
    ...SUBS.map((k) => (q[k] ? sql`${subOf(k)} = ${q[k]}` : undefined)),
    !search
      ? undefined
      : 'id' in search
        ? or(eq(v.id, search.id), eq(v.clickId, search.id), eq(v.leadId, search.id))
        : // Through (offer_id, email) of leads, then conversions(lead_id): both indexed.
          'email' in search
          ? inArray(
              v.leadId,
              db
                .select({ id: byEmail.id })
                .from(byEmail)
                .where(and(anyOf(byEmail.offerId, everyOffer(s.offers)), eq(byEmail.email, search.email))),
            )
          : // A team lead's text search reads the subs only: an IP would name the lead the masking hides.
            or(
              mask.hides ? undefined : eq(clicks.ip, search.text),
              mask.hides ? undefined : eq(leads.ip, search.text),
              ...SUBS.map((k) => sql`${subOf(k)} = ${search.text}`),
            ),
  );
};

/** A page of conversions, newest first. Keys the viewer may not see are left out, not nulled (docs/product/statistics.md). */
export const conversionRows = async (
  db: Db,
  viewer: Viewer,
  where: SQL | undefined,
  page: number,
  count: number,
  mask: LeadContactMask,
  seeReasons = false,
): Promise<ConversionLogRow[]> => {
  const rows = await takePage(
    db
      .select({
        v,
        number: offers.number,
        title: offers.title,
        clickAt: clicks.createdAt,
        email: leads.email,
        affFirst: affiliate.firstName,
        affLast: affiliate.lastName,
        affEmail: affiliate.email,
        advId: advertiser.id,
        advFirst: advertiser.firstName,
        advLast: advertiser.lastName,
        advEmail: advertiser.email,
        advCompany: advertiser.company,
        productName: products.name,
        sub1: subOf('sub1'),
        sub2: subOf('sub2'),
        sub3: subOf('sub3'),
        sub4: subOf('sub4'),
        sub5: subOf('sub5'),
      })
      .from(v)
      .leftJoin(clicks, eq(clicks.id, v.clickId))
      .leftJoin(leads, eq(leads.id, v.leadId))
      .innerJoin(offers, eq(offers.id, v.offerId))
      .innerJoin(affiliate, eq(affiliate.id, v.affiliateId))
      .leftJoin(products, eq(products.id, v.productId))
      .leftJoin(advertiser, eq(advertiser.id, advertiserOf))
      .where(where)
      .orderBy(desc(v.createdAt), desc(v.id))
      .$dynamic(),
    { page, count },
  );
  return rows.map((r) => {
    const c = r.v;
    const row: ConversionLogRow = {
      uuid: c.id,
      created_at: c.createdAt.toISOString(),
      click_id: c.clickId,
      click_at: iso(r.clickAt),
      lead_uuid: c.leadId,
      email: viewer === 'staff' ? mask.email(r.email) : null,
      offer: { uuid: c.offerId, id: r.number, title: r.title },
      affiliate: partnerFor(viewer, c.affiliateId, r.affFirst, r.affLast, r.affEmail),
      goal: c.goal,
      flow: c.flow as ConversionLogRow['flow'],
      status: c.status as ConversionLogRow['status'],
      ...qualityFields(c, viewer === 'affiliate' && seeReasons),
      paid: c.paid,
      currency: c.currency,
      country: c.country,
      sub1: r.sub1,
      sub2: r.sub2,
      sub3: r.sub3,
      sub4: r.sub4,
      sub5: r.sub5,
      is_test: c.isTest,
    };
    if (viewer === 'staff') Object.assign(row, fraudVerdictOf(c));
    if (viewer === 'staff')
      row.advertiser = r.advId
        ? { uuid: r.advId, name: advertiserName(r.advFirst, r.advLast, r.advEmail, r.advCompany) }
        : null;
    if (viewer !== 'affiliate')
      row.product = c.productId && r.productName !== null ? { uuid: c.productId, name: r.productName } : null;
    if (viewer !== 'advertiser') row.payout = c.payout;
    if (viewer !== 'affiliate') row.revenue = c.revenue;
    return row;
  });
};

/** Test conversions are listed (marked is_test) and counted here: the log is where they are looked at. */
export const conversionLog = async (db: Db, auth: AuthContext, q: LogQuery) => {
  const s = await resolveLogScope(db, auth, q);
  if (s.empty) return { list: [], count: 0, count_capped: false };
  const mask = leadContactsFor(auth);
  const where = conversionWhere(db, s, q, mask);
  const seeReasons = s.viewer === 'affiliate' && (await getFraudSettings(db)).affiliates_see_reasons;
  return pageWithCount(
    db,
    q,
    (tx) => conversionRows(tx, s.viewer, where, q.page, q.count, mask, seeReasons),
    // The same left joins (filters may read the click or the lead); PostgreSQL drops them when nothing does.
    (tx) =>
      tx
        .select({ one: sql`1` })
        .from(v)
        .leftJoin(clicks, eq(clicks.id, v.clickId))
        .leftJoin(leads, eq(leads.id, v.leadId))
        .where(where)
        .limit(COUNT_PROBE),
  );
};
