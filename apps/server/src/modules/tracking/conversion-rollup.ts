import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { databaseAway, isolateRows, reasonOf, rejectedCounts } from '../../db/isolate-batch.ts';
import { conversions, CORE_KEY_COLUMNS, NO_ID, ROLLUP_KEY_COLUMNS, rollupDeltas } from '../../db/schema.ts';
import { unnestInsert } from '../../db/unnest-insert.ts';

export type RollupKey = {
  at: Date;
  offerId: string;
  affiliateId: string;
  landingId: string | null;
  country: string | null;
  device: string | null;
  os: string | null;
  productId: string | null;
  currency: string;
};
// Lead counts come from the leads trigger (migration 0013) through the same queue.
const COUNTS = [
  'conversions',
  'approved',
  'pending',
  'rejected',
  'hold',
  'payout',
  'revenue',
  'leads',
  'accepted',
  'ftd',
] as const;
type Delta = Partial<Record<(typeof COUNTS)[number], number>>;
const KEYS = ROLLUP_KEY_COLUMNS.join(', ');

/** Where a conversion counts: everything comes from the conversion row, as the report's raw source reads it. */
export const conversionKey = (c: typeof conversions.$inferSelect): RollupKey => ({
  at: c.createdAt,
  offerId: c.offerId,
  affiliateId: c.affiliateId,
  landingId: c.landingId,
  country: c.country,
  device: c.device,
  os: c.os,
  productId: c.productId,
  currency: c.currency,
});

/**
 * Queues changes of conversion counts and money for the rollups of each conversion's time (one statement for
 * any number of them). `foldRollups` moves them into `stats_hourly`, `stats_daily` and `stats_daily_core` within a second or so.
 */
export const rollUpConversions = async (tx: Db, items: { key: RollupKey; delta: Delta }[]) => {
  if (!items.length) return;
  await tx.execute(
    unnestInsert(
      rollupDeltas,
      items.map(({ key, delta }) => ({
        at: key.at,
        offerId: key.offerId,
        affiliateId: key.affiliateId,
        landingId: key.landingId ?? NO_ID,
        country: key.country ?? '',
        device: key.device ?? '',
        os: key.os ?? '',
        productId: key.productId ?? NO_ID,
        currency: key.currency,
        ...Object.fromEntries(COUNTS.map((c) => [c, delta[c] ?? 0])),
      })),
    ),
  );
};

export const rollUpConversion = (tx: Db, key: RollupKey, delta: Delta) => rollUpConversions(tx, [{ key, delta }]);

const upsert = (table: 'stats_hourly' | 'stats_daily', unit: 'hour' | 'day', bucket: string) => {
  const t = sql.raw(table);
  return sql`insert into ${t} (${sql.raw(unit)}, ${sql.raw(KEYS)}, ${sql.raw(COUNTS.join(', '))})
    select ${sql.raw(bucket)}, ${sql.raw(KEYS)}, ${sql.raw(COUNTS.map((c) => `sum(${c})`).join(', '))}
    from moved group by ${sql.raw(['1', ...ROLLUP_KEY_COLUMNS.map((_, i) => String(i + 2))].join(', '))}
    on conflict (${sql.raw(unit)}, ${sql.raw(KEYS)}) do update set
    ${sql.join(
      COUNTS.map((c) => sql`${sql.raw(c)} = ${t}.${sql.raw(c)} + excluded.${sql.raw(c)}`),
      sql`, `,
    )}`;
};

const CORE_KEYS = CORE_KEY_COLUMNS.join(', ');
/** Zone days are summed from each change's UTC hour, as `stats_daily_core` is defined. */
const upsertCore = sql`insert into stats_daily_core (zone, day, ${sql.raw(CORE_KEYS)}, ${sql.raw(COUNTS.join(', '))})
  select z.zone, (date_trunc('hour', m.at, 'UTC') at time zone z.zone)::date, ${sql.raw(CORE_KEY_COLUMNS.map((c) => `m.${c}`).join(', '))},
    ${sql.raw(COUNTS.map((c) => `sum(m.${c})`).join(', '))}
  from moved m cross join stats_zones z group by 1, 2, 3, 4, 5, 6, 7
  on conflict (zone, day, ${sql.raw(CORE_KEYS)}) do update set
  ${sql.join(
    COUNTS.map((c) => sql`${sql.raw(c)} = stats_daily_core.${sql.raw(c)} + excluded.${sql.raw(c)}`),
    sql`, `,
  )}`;

/**
 * Moves the queued conversion changes into the rollups in one transaction. One process folds at a time, so two
 * folds never update the same rollup rows in different orders: the timer skips when another fold runs, `wait`
 * (tests, shutdown, the demo seed) waits for it. Returns how many changes it moved.
 */
export const foldRollups = async (db: Db, { wait = false, log }: { wait?: boolean; log?: FastifyBaseLogger } = {}) => {
  // The timer runs every second: with nothing queued it costs one read and holds no connection.
  const {
    rows: [queued],
  } = await db.execute<{ any: boolean }>(sql`select exists (select 1 from rollup_deltas) as any`);
  return queued.any ? fold(db, wait, log) : 0;
};

/** Data-modifying CTEs run to completion whether or not the outer query reads them. */
const move = async (tx: Db, ids: number[] | null) => {
  const only = ids ? sql` where id = any(${sql.param(ids)}::bigint[])` : sql``;
  const {
    rows: [res],
  } = await tx.execute<{ n: string }>(sql`
    with moved as (delete from rollup_deltas${only} returning *),
    hourly as (${upsert('stats_hourly', 'hour', "date_trunc('hour', at, 'UTC')")}),
    daily as (${upsert('stats_daily', 'day', "(at at time zone 'UTC')::date")}),
    core as (${upsertCore})
    select count(*) as n from moved`);
  return Number(res.n);
};

/**
 * A change the rollups refuse (a sum past its column) would fail every later fold: it leaves the queue for
 * `rejected_rows` with the reason, in the fold's transaction (decision 013).
 */
const setAsideDelta = async (tx: Db, id: number, err: unknown, log?: FastifyBaseLogger) => {
  await tx.execute(sql`with gone as (delete from rollup_deltas where id = ${id} returning *)
    insert into rejected_rows (writer, reason, row) select 'rollup_deltas', ${reasonOf(err)}, row_to_json(gone)::text from gone`);
  rejectedCounts.rollup_deltas = (rejectedCounts.rollup_deltas ?? 0) + 1;
  log?.error(
    { writer: 'rollup_deltas', id, reason: reasonOf(err) },
    'a rollup change the database refused was set aside',
  );
};

const fold = (db: Db, wait: boolean, log?: FastifyBaseLogger) =>
  db.transaction(async (tx) => {
    if (wait) await tx.execute(sql`select pg_advisory_xact_lock(hashtext('rollup_deltas'))`);
    else {
      const {
        rows: [lock],
      } = await tx.execute<{ ok: boolean }>(sql`select pg_try_advisory_xact_lock(hashtext('rollup_deltas')) as ok`);
      if (!lock.ok) return 0;
    }
    // Its own statement, before the fold's: see rollUpCore in click-store.ts.
    await tx.execute(sql`select pg_advisory_xact_lock_shared(hashtext('stats_zones'))`);
    const db2 = tx as unknown as Db;
    // Savepoints: a failed part is rolled back alone and the fold's transaction (and its locks) go on.
    try {
      return await db2.transaction((sp) => move(sp as unknown as Db, null));
    } catch (err) {
      if (databaseAway(err)) throw err;
      const { rows } = await tx.execute<{ id: string }>(sql`select id from rollup_deltas order by id`);
      const out = await isolateRows(
        rows.map((r) => Number(r.id)),
        (ids) => db2.transaction((sp) => move(sp as unknown as Db, ids)),
        (id, e) => setAsideDelta(db2, id, e, log),
      );
      if (out.held.length) throw out.error;
      return out.written;
    }
  });

/**
 * The rollup change of moving a counted conversion from one status to another: rejected ones carry no money.
 * A new conversion (`from` null) of the goal `ftd` also counts as a first deposit.
 */
export const statusDelta = (from: string | null, to: string, payout: number, revenue: number, goal?: string): Delta => {
  const d: Record<string, number> = {};
  if (from) d[from] = -1;
  d[to] = (d[to] ?? 0) + 1;
  const counted = (s: string | null) => s !== null && s !== 'rejected';
  const money = (counted(to) ? 1 : 0) - (counted(from) ? 1 : 0);
  return {
    ...d,
    ...(from === null && { conversions: 1, ftd: goal === 'ftd' ? 1 : 0 }),
    payout: money * payout,
    revenue: money * revenue,
  };
};
