import { desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias, type SubqueryWithSelection } from 'drizzle-orm/pg-core';
import {
  LEAD_REFUSALS,
  SKIP_REASONS,
  type ColdLead,
  type ListLead,
  type ConversionStatusValue,
  type LeadStatus,
} from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { coldDistributions, coldSends, conversions, leads, offers, products, users } from '../../db/schema.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { takePage, type PageQuery } from '../../lib/paging.ts';
import { refOf } from '../../lib/people.ts';
import { anyOf } from '../statistic-logs/index.ts';
import { leadContactsFor } from '../../lib/lead-contacts.ts';
import { contactsFor } from './cold-mask.ts';
import { sentToOf } from './distributions.repository.ts';

const l = leads;
const affiliate = alias(users, 'affiliate');
const copy = alias(leads, 'copy');
const copyProduct = alias(products, 'copy_product');

/** Rows of (lead_id, conversion_id, sort_at), newest `sort_at` first: a search's matches or a list's leads. */
export type LeadSet = SubqueryWithSelection<
  { leadId: SQL.Aliased<string>; conversionId: SQL.Aliased<string | null>; sortAt: SQL.Aliased<Date> },
  string
>;

/** How many times each lead was re-sent (its copies, in every distribution): one query for the page. */
const resendsOf = async (db: Db, ids: string[]) => {
  if (!ids.length) return new Map<string, number>();
  const rows = await db
    .select({ id: l.originLeadId, n: sql<number>`count(*)`.mapWith(Number) })
    .from(l)
    .where(anyOf(l.originLeadId, ids))
    .groupBy(l.originLeadId);
  return new Map(rows.map((r) => [r.id!, r.n]));
};

const SEND_RESULT = { accepted: 'accepted', failed: 'rejected', unknown: 'unknown', processing: 'sending' } as const;

/** The latest send of each lead of the page, in any distribution; its result is read from the copy it made. */
const lastSendsOf = async (db: Db, ids: string[]) => {
  const out = new Map<string, ListLead['last_send']>();
  if (!ids.length) return out;
  const rows = await db
    .selectDistinctOn([coldSends.originLeadId], {
      leadId: coldSends.originLeadId,
      at: coldSends.createdAt,
      skipReason: coldSends.skipReason,
      distributionId: coldDistributions.id,
      title: coldDistributions.title,
      status: copy.status,
      reason: copy.reason,
      reasonDetail: copy.reasonDetail,
      productId: sentToOf(copy),
      productName: copyProduct.name,
    })
    .from(coldSends)
    .innerJoin(coldDistributions, eq(coldDistributions.id, coldSends.distributionId))
    .leftJoin(copy, eq(copy.id, coldSends.sessionId))
    .leftJoin(copyProduct, eq(copyProduct.id, sentToOf(copy)))
    .where(anyOf(coldSends.originLeadId, ids))
    .orderBy(coldSends.originLeadId, desc(coldSends.createdAt), desc(coldSends.id));
  for (const r of rows) {
    const result = r.skipReason ? 'skipped' : SEND_RESULT[(r.status ?? 'processing') as LeadStatus];
    const detail = r.skipReason
      ? (SKIP_REASONS[r.skipReason as keyof typeof SKIP_REASONS] ?? r.skipReason)
      : result === 'rejected'
        ? r.reasonDetail || (LEAD_REFUSALS[r.reason as keyof typeof LEAD_REFUSALS] ?? r.reason)
        : null;
    out.set(r.leadId, {
      at: r.at.toISOString(),
      distribution: { uuid: r.distributionId, title: r.title },
      result,
      product: r.productId && r.productName !== null ? { uuid: r.productId, name: r.productName } : null,
      detail,
    });
  }
  return out;
};

/**
 * A page of stored leads as the Cold API shows them, with their conversion (conversion tab), re-send count and, for
 * a list, the latest re-send. Contacts are masked for team leads.
 */
export const coldLeadRows = async (
  db: Db,
  auth: AuthContext,
  m: LeadSet,
  page: PageQuery,
  o: { lastSend?: boolean } = {},
) => {
  const rows = await takePage(
    db
      .select({
        sortAt: sql<Date>`${m.sortAt}`.mapWith((v: string | Date) => new Date(v)),
        l: {
          id: l.id,
          createdAt: l.createdAt,
          offerId: l.offerId,
          affiliateId: l.affiliateId,
          productId: l.productId,
          country: l.country,
          firstName: l.firstName,
          lastName: l.lastName,
          email: l.email,
          phone: l.phone,
          ip: l.ip,
          device: l.device,
          os: l.os,
          gender: l.gender,
          status: l.status,
          reason: l.reason,
          callStatus: l.callStatus,
          isFtd: l.isFtd,
        },
        number: offers.number,
        offerTitle: offers.title,
        affFirst: affiliate.firstName,
        affLast: affiliate.lastName,
        affEmail: affiliate.email,
        productName: products.name,
        convId: conversions.id,
        convGoal: conversions.goal,
        convStatus: conversions.status,
      })
      .from(m)
      .innerJoin(l, eq(l.id, m.leadId))
      .innerJoin(offers, eq(offers.id, l.offerId))
      .innerJoin(affiliate, eq(affiliate.id, l.affiliateId))
      .leftJoin(products, eq(products.id, l.productId))
      .leftJoin(conversions, eq(conversions.id, m.conversionId))
      .orderBy(desc(m.sortAt), desc(m.leadId))
      .$dynamic(),
    page,
  );
  const ids = rows.map((r) => r.l.id);
  const [resends, lastSends] = await Promise.all([
    resendsOf(db, ids),
    o.lastSend ? lastSendsOf(db, ids) : Promise.resolve(null),
  ]);
  const contacts = contactsFor(auth);
  const mask = leadContactsFor(auth);
  return rows.map(({ sortAt, l: r, ...x }) => {
    const lead: ColdLead = {
      uuid: r.id,
      created_at: r.createdAt.toISOString(),
      offer: { uuid: r.offerId, id: x.number, title: x.offerTitle },
      affiliate: refOf(r.affiliateId, x.affFirst, x.affLast, x.affEmail)!,
      product: r.productId && x.productName !== null ? { uuid: r.productId, name: x.productName } : null,
      country: r.country,
      first_name: r.firstName,
      last_name: r.lastName,
      ...contacts(r.email, r.phone),
      device: r.device,
      os: r.os,
      gender: r.gender,
      status: r.status as LeadStatus,
      reason: r.reason,
      call_status: r.callStatus,
      is_ftd: r.isFtd,
      conversion:
        x.convId && x.convGoal !== null
          ? { uuid: x.convId, goal: x.convGoal, status: x.convStatus as ConversionStatusValue }
          : null,
      resends: resends.get(r.id) ?? 0,
    };
    const last = lastSends?.get(r.id) ?? null;
    // A refusal's detail quotes the buyers, who may echo the lead's contacts.
    return { lead, sortAt, lastSend: last && { ...last, detail: mask.text(last.detail, r) } };
  });
};
