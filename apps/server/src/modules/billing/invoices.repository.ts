import { and, asc, eq, gte, ilike, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { InvoiceListItem, InvoiceListQuery, Paged } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { invoices, users } from '../../db/schema.ts';
import { takePage } from '../../lib/paging.ts';
import { containsPattern, refOf, totalOf } from '../../lib/people.ts';

const affiliate = alias(users, 'affiliate');

const select = (db: Db) =>
  db
    .select({
      v: invoices,
      first: affiliate.firstName,
      last: affiliate.lastName,
      email: affiliate.email,
      total: sql<number>`count(*) over()`.mapWith(Number),
    })
    .from(invoices)
    .innerJoin(affiliate, eq(affiliate.id, invoices.affiliateId));

type Row = Awaited<ReturnType<typeof select>>[number];

export const toListItem = ({ v, first, last, email }: Row): InvoiceListItem => ({
  uuid: v.id,
  number: v.number,
  affiliate: refOf(v.affiliateId, first, last, email)!,
  period_from: v.periodFrom,
  period_to: v.periodTo,
  currency: v.currency as InvoiceListItem['currency'],
  total: v.total,
  paid: v.paid,
  status: v.status as InvoiceListItem['status'],
  payment_system: v.paymentSystem as InvoiceListItem['payment_system'],
  created_at: v.createdAt.toISOString(),
});

/** One invoice as a list row; `affiliateId` limits it to that affiliate's own (anything else is absent). */
export const findInvoiceRow = async (db: Db, id: string, affiliateId?: string) => {
  const [row] = await select(db)
    .where(and(eq(invoices.id, id), affiliateId ? eq(invoices.affiliateId, affiliateId) : undefined))
    .limit(1);
  return row ? toListItem(row) : null;
};

export const findInvoiceRows = async (db: Db, ids: string[]) =>
  ids.length ? (await select(db).where(inArray(invoices.id, ids)).orderBy(asc(invoices.number))).map(toListItem) : [];

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A pasted UUID matches exactly; any other text is a part of the number (INV-2026-000123, 2026-0001, 123). */
const invoiceSearch = (text: string | undefined): SQL | undefined => {
  if (!text) return undefined;
  if (UUID_RE.test(text)) return eq(invoices.id, text);
  return ilike(invoices.number, containsPattern(text));
};

const dayStart = (day: string, timeZone: string) => sql`(${day}::date)::timestamp at time zone ${timeZone}`;
const dayEnd = (day: string, timeZone: string) => sql`(${day}::date + 1)::timestamp at time zone ${timeZone}`;

const whereOf = (q: InvoiceListQuery, timeZone: string, affiliateId?: string) =>
  and(
    affiliateId ? eq(invoices.affiliateId, affiliateId) : undefined,
    q.affiliate_uuid ? eq(invoices.affiliateId, q.affiliate_uuid) : undefined,
    q.status ? eq(invoices.status, q.status) : undefined,
    q.currency ? eq(invoices.currency, q.currency) : undefined,
    q.payment_system ? eq(invoices.paymentSystem, q.payment_system) : undefined,
    // The invoice's period overlaps the asked days.
    q.date_from ? gte(invoices.periodTo, q.date_from) : undefined,
    q.date_to ? lte(invoices.periodFrom, q.date_to) : undefined,
    q.created_from ? gte(invoices.createdAt, dayStart(q.created_from, timeZone)) : undefined,
    q.created_to ? lt(invoices.createdAt, dayEnd(q.created_to, timeZone)) : undefined,
    invoiceSearch(q.search),
  );

const sortColumn = (sort: InvoiceListQuery['sort']) =>
  sort === 'number'
    ? invoices.number
    : sort === 'total'
      ? invoices.total
      : sort === 'status'
        ? invoices.status
        : invoices.createdAt;

/** Σ total of the page's invoices per currency, never added across currencies. */
const pageTotals = (list: InvoiceListItem[]) => {
  const out: Record<string, number> = {};
  for (const i of list) out[i.currency] = (out[i.currency] ?? 0) + i.total;
  return out;
};

export const listInvoices = async (
  db: Db,
  q: InvoiceListQuery,
  timeZone: string,
  affiliateId?: string,
): Promise<Paged<InvoiceListItem>> => {
  const where = whereOf(q, timeZone, affiliateId);
  const dir = q.order === 'asc' ? sql`asc` : sql`desc`;
  const rows = await takePage(
    select(db)
      .where(where)
      .orderBy(sql`${sortColumn(q.sort)} ${dir}`, sql`${invoices.number} ${dir}`)
      .$dynamic(),
    q,
  );
  const list = rows.map(toListItem);
  return { list, count: await totalOf(db, rows, q.page, where, invoices), total: pageTotals(list) };
};

/** The affiliate's own invoices, newest first (their payments screen). */
export const listOwnInvoices = (db: Db, affiliateId: string, page: { page: number; count: number }) =>
  listInvoices(db, { ...page, order: 'desc' } as InvoiceListQuery, 'UTC', affiliateId);
