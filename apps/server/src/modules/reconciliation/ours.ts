// Our side of a reconciliation, loaded set-based (docs/decisions/057-reconciliation-matching.md): the advertiser's
// conversions of the period in one query, then the file's ids that matched none of them in chunked `= any(array)`
// lookups: conversions outside the period, clicks and leads. Never a round trip per row.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** The pool or a transaction of it. */
type Q = Db | Parameters<Parameters<Db['transaction']>[0]>[0];
import { idOf, txidOf, type FileRow, type Known, type OurConversion, type Period } from './classify.ts';

const CHUNK = 10_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const chunks = <T>(xs: T[]) =>
  Array.from({ length: Math.ceil(xs.length / CHUNK) }, (_, i) => xs.slice(i * CHUNK, (i + 1) * CHUNK));

/** The period's days in the network time zone as instants, cut as billing and statistics cut them. */
export const periodInstants = async (db: Q, from: string, to: string, timeZone: string): Promise<Period> => {
  const {
    rows: [p],
  } = await db.execute<{ start: string; end: string }>(sql`select
    extract(epoch from (${from}::date)::timestamp at time zone ${timeZone}) * 1000 as start,
    extract(epoch from (${to}::date + 1)::timestamp at time zone ${timeZone}) * 1000 as end`);
  return { start: Number(p!.start), end: Number(p!.end) };
};

const CONVERSION_FIELDS = sql`c.id, c.click_id, c.lead_id, c.txid, c.status, c.revenue, c.currency,
  (extract(epoch from c.created_at) * 1000)::float8 as created_at`;

const ADVERTISERS_OFFERS = (advertiserId: string) => sql`(select id from offers where advertiser_id = ${advertiserId})`;

/** The advertiser's real conversions created in the period: accepted ones, as statistics and billing count them (a
 * trafficback conversion, over a cap, was never theirs to pay; docs/decisions/059-reconciliation-apply.md). */
const periodConversions = async (db: Q, advertiserId: string, p: Period) =>
  (
    await db.execute<OurConversion & Record<string, unknown>>(sql`select ${CONVERSION_FIELDS} from conversions c
    where c.offer_id in ${ADVERTISERS_OFFERS(advertiserId)} and not c.is_test and c.flow = 'accepted'
      and c.created_at >= to_timestamp(${p.start / 1000}) and c.created_at < to_timestamp(${p.end / 1000})`)
  ).rows;

/** The advertiser's conversions outside the period that name one of the ids. */
const conversionsOutside = async (
  db: Q,
  advertiserId: string,
  p: Period,
  ids: { clicks: string[]; leads: string[]; txids: string[] },
) => {
  const found: OurConversion[] = [];
  const outside = sql`c.offer_id in ${ADVERTISERS_OFFERS(advertiserId)} and not c.is_test and c.flow = 'accepted'
    and (c.created_at < to_timestamp(${p.start / 1000}) or c.created_at >= to_timestamp(${p.end / 1000}))`;
  for (const [column, type, list] of [
    ['click_id', 'uuid', ids.clicks],
    ['lead_id', 'uuid', ids.leads],
    ['txid', 'text', ids.txids],
  ] as const)
    for (const part of chunks(list)) {
      const { rows } = await db.execute<
        OurConversion & Record<string, unknown>
      >(sql`select ${CONVERSION_FIELDS} from conversions c
        where ${sql.identifier(column)} = any(${sql.param(part)}::${sql.raw(type)}[]) and ${outside}`);
      found.push(...rows);
    }
  return found;
};

/** Which of the ids are clicks / leads on the advertiser's offers. */
const existing = async (db: Q, table: 'clicks' | 'leads', advertiserId: string, ids: string[]) => {
  const found = new Set<string>();
  for (const part of chunks(ids)) {
    const { rows } = await db.execute<{ id: string }>(sql`select distinct t.id from ${sql.identifier(table)} t
      where t.id = any(${sql.param(part)}::uuid[]) and t.offer_id in ${ADVERTISERS_OFFERS(advertiserId)}`);
    for (const r of rows) found.add(r.id);
  }
  return found;
};

/**
 * Everything `classify` needs for these file rows: the period's conversions, those outside it that the file names,
 * and the clicks and leads the file names that exist. Ids that are not UUIDs cannot be ours and are not looked up.
 */
export const loadOurSide = async (db: Q, advertiserId: string, period: Period, rows: readonly FileRow[]) => {
  const ids = { clicks: new Set<string>(), leads: new Set<string>(), txids: new Set<string>() };
  for (const r of rows) {
    const click = idOf(r.click_id);
    const lead = idOf(r.lead_id);
    const txid = txidOf(r.txid);
    if (click && UUID.test(click)) ids.clicks.add(click);
    if (lead && UUID.test(lead)) ids.leads.add(lead);
    if (txid) ids.txids.add(txid);
  }
  const lists = { clicks: [...ids.clicks], leads: [...ids.leads], txids: [...ids.txids] };
  // Outside the period every id is asked for, not only those the period lacks: one click may have a goal inside the
  // period and another outside it.
  const found = [
    ...(await periodConversions(db, advertiserId, period)),
    ...(await conversionsOutside(db, advertiserId, period, lists)),
  ];
  const ours = [...new Map(found.map((c) => [c.id, { ...c, revenue: Number(c.revenue) }])).values()];
  const named = {
    clicks: new Set(ours.map((c) => idOf(c.click_id))),
    leads: new Set(ours.map((c) => idOf(c.lead_id))),
  };
  const known: Known = {
    clicks: await existing(
      db,
      'clicks',
      advertiserId,
      lists.clicks.filter((id) => !named.clicks.has(id)),
    ),
    leads: await existing(
      db,
      'leads',
      advertiserId,
      lists.leads.filter((id) => !named.leads.has(id)),
    ),
  };
  return { ours, known };
};
