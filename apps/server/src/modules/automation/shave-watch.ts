import { inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { enqueueAlert } from '../notifications/index.ts';
import { findShaveSuspects, type ShaveSuspectRow } from './shave.repository.ts';

// The shave detector run on a schedule, its suspects sent as alerts to the network's channels
// (docs/product/automation.md, "Shave detector"; docs/decisions/064-shave-detector.md).

/** Matured leads move by the hour: a look an hour is as fresh as the data allows. */
export const SHAVE_WATCH_EVERY_MS = 3_600_000;
/** "shavewat" in ASCII: one process looks at a time. */
const LOCK_KEY = 0x7368617665776174n;

const percent = (r: number) => `${(r * 100).toFixed(1)} %`;

/** One alert per product, affiliate, geo and change point: the next look at the same dip adds nothing. */
const alertOf = (s: ShaveSuspectRow, names: Map<string, string>) => {
  const affiliate = s.affiliate_id && `affiliate ${names.get(s.affiliate_id) ?? s.affiliate_id}`;
  const where = [affiliate, s.geo && `geo ${s.geo}`].filter(Boolean).join(', ');
  const since = new Date(s.since).toISOString().slice(0, 10);
  return {
    event: 'shave_suspected' as const,
    title: `Possible shave: ${s.product_name}${where ? ` (${where})` : ''}`,
    text:
      `The FTD rate of ${s.product_name}'s leads${where ? ` for ${where}` : ''} fell from ${percent(s.baseline_rate)} ` +
      `to ${percent(s.recent_rate)} over ${s.leads_since} leads since ${since}, beyond chance (p = ${s.p_value.toExponential(1)}), ` +
      'while acceptance and fraud scores held.',
    data: { ...s },
    network: true,
    dedupeKey: `shave:${s.product_id}:${s.affiliate_id ?? '*'}:${s.geo ?? '*'}:${since}`,
  };
};

/** One look: the suspects at `now` queued as alerts, under a lock so several processes look once. */
export const watchShaving = async (db: Db, now = new Date()) =>
  db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ locked: boolean }>(
      sql`select pg_try_advisory_xact_lock(${LOCK_KEY.toString()}::bigint) as locked`,
    );
    if (!rows[0]?.locked) return null;
    const suspects = await findShaveSuspects(tx as unknown as Db, now);
    const ids = [...new Set(suspects.flatMap((s) => (s.affiliate_id ? [s.affiliate_id] : [])))];
    const people = ids.length
      ? await tx
          .select({ id: users.id, name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})` })
          .from(users)
          .where(inArray(users.id, ids))
      : [];
    const names = new Map(people.map((p) => [p.id, p.name || p.id]));
    let queued = 0;
    for (const s of suspects) queued += await enqueueAlert(tx as unknown as Db, alertOf(s, names));
    return { suspects: suspects.length, queued };
  });

/** Started with the rule evaluator once the server listens; the returned stop waits for a look in flight. */
export const startShaveWatch = (app: FastifyInstance, db: Db, everyMs = SHAVE_WATCH_EVERY_MS) => {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<unknown> = Promise.resolve();
  const look = () => {
    if (stopped) return;
    inFlight = watchShaving(db)
      .catch((err: unknown) => app.log.warn({ err }, 'shave watch failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(look, everyMs).unref();
      });
  };
  app.background.add('shave watch', [
    async () => {
      if (!stopped) timer = setTimeout(look, 60_000).unref();
    },
  ]);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await inFlight;
  };
};
