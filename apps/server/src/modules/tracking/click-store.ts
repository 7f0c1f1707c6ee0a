import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clicks, CORE_KEY_COLUMNS, NO_ID, ROLLUP_KEY_COLUMNS } from '../../db/schema.ts';
import { unnestInsert } from '../../db/unnest-insert.ts';

/** `fraudFlagged`: the click's score called for an action when it was scored; counted in the rollups, not stored. */
export type ClickRow = typeof clicks.$inferInsert & { createdAt: Date; offerId: string; fraudFlagged?: boolean };

const DAY_MS = 24 * 60 * 60 * 1000;
/** One bound parameter holding a whole array (a bare JS array in `sql` becomes a list of parameters). */
const arr = (values: unknown[]) => sql.param(values);

/** Marks each click unique when its IP had no counted click on the offer in the 24 h before (shared table: all processes agree). */
const markUnique = async (tx: Db, rows: ClickRow[]) => {
  const first = new Map<string, ClickRow>();
  for (const r of rows) {
    r.isUnique = false;
    const key = `${r.ip}|${r.offerId}`;
    const seen = first.get(key);
    if (!seen) first.set(key, r);
    else if (r.createdAt.getTime() - seen.createdAt.getTime() >= DAY_MS) r.isUnique = true;
  }
  const heads = [...first.values()];
  const { rows: fresh } = await tx.execute<{ ip: string; offer_id: string }>(sql`
    insert into click_uniques (ip, offer_id, seen_at)
    select * from unnest(${arr(heads.map((r) => r.ip ?? ''))}::text[], ${arr(heads.map((r) => r.offerId))}::uuid[], ${arr(heads.map((r) => r.createdAt.toISOString()))}::timestamptz[])
    on conflict (ip, offer_id) do update set seen_at = excluded.seen_at where click_uniques.seen_at <= excluded.seen_at - interval '24 hours'
    returning ip, offer_id`);
  for (const f of fresh) first.get(`${f.ip}|${f.offer_id}`)!.isUnique = true;
};

type Bucket = {
  offerId: string;
  affiliateId: string;
  landingId: string;
  country: string;
  device: string;
  os: string;
  clicks: number;
  unique: number;
  trafficback: number;
  bots: number;
  fraud: number;
};

/**
 * Adds the batch to the hourly and daily rollups (docs/product/statistics.md reads them); `clicks` counts every recorded click.
 * Buckets are keyed by the period's start in ms and formatted once per bucket: formatting a date per click made
 * this loop the costliest part of a batch for the event loop.
 */
const rollUp = async (tx: Db, rows: ClickRow[]) => {
  let hours: (Bucket & { at: number })[] = [];
  for (const [table, unit] of [
    ['stats_hourly', 'hour'],
    ['stats_daily', 'day'],
  ] as const) {
    const size = unit === 'hour' ? 3_600_000 : DAY_MS;
    const buckets = new Map<string, Bucket & { at: number }>();
    for (const r of rows) {
      const at = Math.floor(r.createdAt.getTime() / size) * size;
      const affiliateId = r.affiliateId ?? NO_ID;
      const landingId = r.landingId ?? NO_ID;
      const country = r.country ?? '';
      const device = r.device ?? '';
      const os = r.os ?? '';
      const key = `${at}|${r.offerId}|${affiliateId}|${landingId}|${country}|${device}|${os}`;
      let cur = buckets.get(key);
      if (!cur)
        buckets.set(
          key,
          (cur = {
            at,
            offerId: r.offerId,
            affiliateId,
            landingId,
            country,
            device,
            os,
            clicks: 0,
            unique: 0,
            trafficback: 0,
            bots: 0,
            fraud: 0,
          }),
        );
      cur.clicks += 1;
      if (r.isUnique) cur.unique += 1;
      if (r.trafficbackReason) cur.trafficback += 1;
      if (r.isBot) cur.bots += 1;
      if (r.fraudFlagged) cur.fraud += 1;
    }
    const list = [...buckets.values()];
    if (unit === 'hour') hours = list;
    const col = (f: (b: Bucket & { at: number }) => string | number) => arr(list.map(f));
    const at = (b: Bucket & { at: number }) =>
      unit === 'hour' ? new Date(b.at).toISOString() : new Date(b.at).toISOString().slice(0, 10);
    await tx.execute(sql`
      insert into ${sql.raw(table)} (${sql.raw(unit)}, offer_id, affiliate_id, landing_id, country, device, os, clicks, unique_clicks, trafficback, bots, fraud_clicks)
      select * from unnest(${col(at)}::${sql.raw(unit === 'hour' ? 'timestamptz' : 'date')}[], ${col((b) => b.offerId)}::uuid[],
        ${col((b) => b.affiliateId)}::uuid[], ${col((b) => b.landingId)}::uuid[], ${col((b) => b.country)}::text[],
        ${col((b) => b.device)}::text[], ${col((b) => b.os)}::text[],
        ${col((b) => b.clicks)}::int[], ${col((b) => b.unique)}::int[], ${col((b) => b.trafficback)}::int[], ${col((b) => b.bots)}::int[], ${col((b) => b.fraud)}::int[])
      -- Clicks carry no product and no money: those key columns keep their defaults.
      on conflict (${sql.raw(unit)}, ${sql.raw(ROLLUP_KEY_COLUMNS.join(', '))}) do update set
        clicks = ${sql.raw(table)}.clicks + excluded.clicks, unique_clicks = ${sql.raw(table)}.unique_clicks + excluded.unique_clicks,
        trafficback = ${sql.raw(table)}.trafficback + excluded.trafficback, bots = ${sql.raw(table)}.bots + excluded.bots,
        fraud_clicks = ${sql.raw(table)}.fraud_clicks + excluded.fraud_clicks`);
  }
  await rollUpCore(tx, hours);
};

/**
 * The zone days of `stats_daily_core`, summed from the batch's hours for every zone of `stats_zones`. The shared
 * lock comes first, in its own statement, so the upsert's snapshot sees a zone added while it waited (migration 0015).
 */
const rollUpCore = async (tx: Db, hours: (Bucket & { at: number })[]) => {
  if (!hours.length) return;
  const col = (f: (b: Bucket & { at: number }) => string | number) => arr(hours.map(f));
  await tx.execute(sql`select pg_advisory_xact_lock_shared(hashtext('stats_zones'))`);
  await tx.execute(sql`
    insert into stats_daily_core (zone, day, ${sql.raw(CORE_KEY_COLUMNS.join(', '))}, clicks, unique_clicks, trafficback, bots, fraud_clicks)
    select z.zone, (b.hour at time zone z.zone)::date, b.offer_id, b.affiliate_id, b.country, ${NO_ID}::uuid, '',
      sum(b.clicks), sum(b.unique_clicks), sum(b.trafficback), sum(b.bots), sum(b.fraud_clicks)
    from unnest(${col((b) => new Date(b.at).toISOString())}::timestamptz[], ${col((b) => b.offerId)}::uuid[], ${col((b) => b.affiliateId)}::uuid[],
      ${col((b) => b.country)}::text[], ${col((b) => b.clicks)}::int[], ${col((b) => b.unique)}::int[], ${col((b) => b.trafficback)}::int[],
      ${col((b) => b.bots)}::int[], ${col((b) => b.fraud)}::int[])
      as b(hour, offer_id, affiliate_id, country, clicks, unique_clicks, trafficback, bots, fraud_clicks)
    cross join stats_zones z
    group by 1, 2, 3, 4, 5
    on conflict (zone, day, ${sql.raw(CORE_KEY_COLUMNS.join(', '))}) do update set
      clicks = stats_daily_core.clicks + excluded.clicks, unique_clicks = stats_daily_core.unique_clicks + excluded.unique_clicks,
      trafficback = stats_daily_core.trafficback + excluded.trafficback, bots = stats_daily_core.bots + excluded.bots,
      fraud_clicks = stats_daily_core.fraud_clicks + excluded.fraud_clicks`);
};

/** One transaction per batch: clicks, uniqueness and rollups are stored together or not at all. */
export const writeClicks = (db: Db, rows: ClickRow[]) =>
  db.transaction(async (tx) => {
    await markUnique(tx as unknown as Db, rows);
    // A click id already stored (a batch retried after it did commit, a part of a split batch) is skipped, not stored twice.
    // One statement for the batch: building a multi-row VALUES list would hold up the redirects sharing this event loop.
    const { rows: ids } = await tx.execute<{ id: string }>(
      unnestInsert(clicks, rows, sql`on conflict do nothing returning id`),
    );
    const stored = new Set(ids.map((r) => r.id));
    await rollUp(
      tx as unknown as Db,
      rows.filter((r) => stored.has(r.id!)),
    );
  });
