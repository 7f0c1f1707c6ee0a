import { randomUUID } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import { eq, sql } from 'drizzle-orm';
import type { ReconMapping } from '@pxl/contract';
import type { Db } from '../db/client.ts';
import type { AuthContext, SessionUser } from '../lib/auth-context.ts';
import { users } from '../db/schema.ts';
import { createImport } from '../modules/reconciliation/index.ts';
import { generalSettings } from '../modules/settings/index.ts';

// An advertiser's report ready to reconcile (docs/product/reconciliation.md, "Differences and discrepancy"): built
// from the demo's own conversions with a few rows in every bucket, and stored through the upload's own function, so
// it is parsed, matched and classified as a file sent through the panel is. Not applied: that is the reader's to try.

const DAY = 86_400_000;
const IP = '127.0.0.1';

/** Their column names and status words, unlike ours, so the saved mapping has something to say. */
const MAPPING: ReconMapping = {
  columns: {
    click_id: 'Click ID',
    lead_id: 'Lead ID',
    txid: 'Order ID',
    status: 'State',
    amount: 'Payout',
    currency: 'Currency',
    date: 'Date',
  },
  date_format: 'auto',
  decimal: 'point',
  statuses: { approved: ['confirmed'], pending: ['pending'], rejected: ['declined'], hold: ['on hold'] },
};
const WORDS = { approved: 'confirmed', pending: 'pending', rejected: 'declined', hold: 'on hold' } as const;

type Conversion = {
  id: string;
  click_id: string | null;
  lead_id: string | null;
  txid: string;
  status: keyof typeof WORDS;
  revenue: number;
  currency: string;
  day: string;
};
type Row = { click: string; lead: string; txid: string; status: string; amount: number; currency: string; day: string };

const dayIn = (zone: string, at: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const length = (p: Period) => (Date.parse(p.to) - Date.parse(p.from)) / DAY + 1;
type Period = { from: string; to: string };

const rowOf = (c: Conversion): Row => ({
  click: c.click_id ?? '',
  lead: c.lead_id ?? '',
  txid: c.txid,
  status: WORDS[c.status],
  amount: c.revenue,
  currency: c.currency,
  day: c.day,
});

const csvOf = (rows: Row[]) =>
  Buffer.from(
    stringify([
      ['Click ID', 'Lead ID', 'Order ID', 'State', 'Payout', 'Currency', 'Date'],
      ...rows.map((r) => [r.click, r.lead, r.txid, r.status, (r.amount / 100).toFixed(2), r.currency, r.day]),
    ]),
  );

/** The advertiser's conversions of the period, as their report would list them, oldest first. */
const conversionsOf = async (db: Db, advertiserId: string, p: Period, zone: string) =>
  (
    await db.execute<Conversion>(sql`select c.id, c.click_id, c.lead_id, c.txid, c.status, c.revenue, c.currency,
      to_char(c.created_at at time zone ${zone}, 'YYYY-MM-DD') as day
      from conversions c where c.offer_id in (select id from offers where advertiser_id = ${advertiserId})
        and not c.is_test
        and c.created_at >= (${p.from}::date)::timestamp at time zone ${zone}
        and c.created_at < (${p.to}::date + 1)::timestamp at time zone ${zone}
      order by c.created_at, c.id`)
  ).rows;

/**
 * The main report: most rows agree; a few of each difference: their status, a lower amount, another currency, a
 * lost postback (a click of ours without a conversion), conversions they left out, a row twice, an id nobody knows
 * and a row dated after the period.
 */
const mainReport = async (db: Db, advertiserId: string, p: Period, zone: string) => {
  const ours = await conversionsOf(db, advertiserId, p, zone);
  const paid = ours.filter((c) => c.status === 'approved' && c.revenue >= 100);
  const pick = (n: number) => paid.splice(0, n).map((c) => c.id);
  const [status, amount, currency, left] = [pick(3), pick(3), pick(1), pick(4)];
  const rows: Row[] = [];
  for (const c of ours) {
    if (left.includes(c.id)) continue;
    const row = rowOf(c);
    if (status.includes(c.id)) row.status = WORDS.rejected;
    if (amount.includes(c.id)) row.amount = Math.round(c.revenue * 0.9);
    if (currency.includes(c.id)) row.currency = c.currency === 'EUR' ? 'USD' : 'EUR';
    rows.push(row);
  }
  if (rows.length) rows.splice(Math.floor(rows.length / 2), 0, { ...rows[0] });
  const {
    rows: [lost],
  } = await db.execute<{ id: string }>(sql`select k.id from clicks k
    where k.offer_id in (select id from offers where advertiser_id = ${advertiserId})
      and k.created_at >= (${p.from}::date)::timestamp at time zone ${zone}
      and k.created_at < (${p.to}::date + 1)::timestamp at time zone ${zone}
      and not exists (select 1 from conversions c where c.click_id = k.id)
    order by k.created_at, k.id limit 1`);
  const model = ours[0];
  if (lost && model) rows.push({ ...rowOf(model), click: lost.id, lead: '', txid: 'LOST-1' });
  if (model) rows.push({ ...rowOf(model), click: randomUUID(), lead: '', txid: 'UNKNOWN-1' });
  if (model) rows.push({ ...rowOf(model), click: randomUUID(), lead: '', txid: 'LATE-1', day: shift(p.to, 2) });
  return rows;
};

/**
 * An earlier report: everything agrees but one conversion in `every` that they left out and their amounts, which they
 * cut by `share` of its total in each currency (the largest first, at most a fifth of each), so the discrepancy
 * chart shows periods that differ by a few percent, as real reports do, whatever conversions the seed drew.
 */
const olderReport = async (db: Db, advertiserId: string, p: Period, zone: string, every: number, share: number) => {
  const ours = await conversionsOf(db, advertiserId, p, zone);
  const rows = ours.filter((_, i) => i % every !== 0).map(rowOf);
  for (const currency of new Set(rows.map((r) => r.currency))) {
    const theirs = rows.filter((r) => r.currency === currency && r.status !== WORDS.rejected);
    let cut = Math.round(share * theirs.reduce((sum, r) => sum + r.amount, 0));
    for (const r of theirs.sort((a, b) => b.amount - a.amount)) {
      if (cut <= 0) break;
      const less = Math.min(cut, Math.round(r.amount / 5));
      r.amount -= less;
      cut -= less;
    }
  }
  return rows;
};

/**
 * Two periods besides last month for the discrepancy chart. The demo's traffic covers 60 days, so the months before
 * last hold little or nothing: the days the traffic covers outside last month (before it, and this month up to
 * yesterday) are taken, each as a period when it has a week, else the longer one split in two.
 */
const otherPeriods = (zone: string, now: number, last: Period): Period[] => {
  const before = { from: dayIn(zone, now - 58 * DAY), to: shift(last.from, -1) };
  const after = { from: shift(last.to, 1), to: shift(dayIn(zone, now), -1) };
  if (length(before) >= 7 && length(after) >= 7) return [before, after];
  const long = length(before) >= length(after) ? before : after;
  const half = shift(long.from, Math.floor(length(long) / 2) - 1);
  return [
    { from: long.from, to: half },
    { from: shift(half, 1), to: long.to },
  ];
};

/**
 * Three reports of the advertiser with the most conversions last month: last month's ready to reconcile, and two
 * other periods mostly matched. Runs once: nothing happens when any import exists.
 */
export const seedDemoReconciliation = async (db: Db, adminId: string, now = Date.now()) => {
  if ((await db.execute(sql`select 1 from reconciliation_imports limit 1`)).rows.length) return null;
  const zone = (await generalSettings.get(db)).time_zone;
  const today = dayIn(zone, now);
  const thisMonth = `${today.slice(0, 8)}01`;
  const lastFrom = `${shift(thisMonth, -1).slice(0, 8)}01`;
  const last = { from: lastFrom, to: shift(thisMonth, -1) };
  const {
    rows: [top],
  } = await db.execute<{ advertiser_id: string }>(sql`select o.advertiser_id from conversions c
    join offers o on o.id = c.offer_id
    where not c.is_test and o.advertiser_id is not null
      and c.created_at >= (${last.from}::date)::timestamp at time zone ${zone}
      and c.created_at < (${last.to}::date + 1)::timestamp at time zone ${zone}
    group by 1 order by count(*) desc, 1 limit 1`);
  if (!top) return null;
  const [admin] = await db.select().from(users).where(eq(users.id, adminId));
  const auth: AuthContext = { user: admin as SessionUser, sessionId: '', impersonatorId: null };
  const upload = (p: Period, rows: Row[], name: string) =>
    createImport(
      db,
      auth,
      { advertiser_uuid: top.advertiser_id, period_from: p.from, period_to: p.to },
      { name, bytes: csvOf(rows), mapping: MAPPING },
      { ip: IP },
    );
  // The others first, so the list shows last month's on top.
  for (const [i, p] of otherPeriods(zone, now, last).entries()) {
    const rows = await olderReport(db, top.advertiser_id, p, zone, [40, 120][i]!, [0.015, 0.008][i]!);
    if (rows.length) await upload(p, rows, `report-${p.from}-${p.to}.csv`);
  }
  const main = await upload(last, await mainReport(db, top.advertiser_id, last, zone), `report-${last.from}.csv`);
  return main.uuid;
};
