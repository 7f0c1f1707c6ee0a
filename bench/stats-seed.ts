// Bulk traffic for `npm run bench:stats`: the demo generator's streams, visitors, caps and conversions at any
// volume, stored through the server's own writers (click batches of 10,000 with uniqueness and rollups; conversions
// with their history and rollup deltas; leads through the leads trigger), so the rollups are the ones production keeps.
import type { Db } from '../apps/server/src/db/client.ts';
import { writeClicks, foldRollups } from '../apps/server/src/modules/tracking/index.ts';
import { demoAffiliates } from '../apps/server/src/seed/demo-network.ts';
import { load } from '../apps/server/src/seed/demo-traffic.ts';
import { CapGuard } from '../apps/server/src/seed/demo-traffic-caps.ts';
import { clicksOfDay, dayWeights, type DemoClick } from '../apps/server/src/seed/demo-traffic-clicks.ts';
import {
  convertClick,
  newBatch,
  writeConversions,
  type ConversionBatch,
} from '../apps/server/src/seed/demo-traffic-conversions.ts';
import { DAY_MS, DAYS, planStreams } from '../apps/server/src/seed/demo-traffic-plan.ts';
import { createRng } from '../apps/server/src/seed/demo-traffic-random.ts';
import { ipBlocks } from '../apps/server/src/seed/demo-traffic-visitors.ts';
import { loadDemoFraud } from '../apps/server/src/seed/demo-traffic-fraud.ts';

/** The click writer's batch size (click-writer.ts). */
const BATCH = 10_000;

/**
 * `total` clicks over the 60 days before `now` for the demo network (seedDemo must have run: its users, offers and
 * access grants), with their leads and conversions, then the rollup deltas folded. A different seed from the demo's,
 * so the streams differ from the demo traffic already there.
 */
export const seedBulkTraffic = async (db: Db, demoId: string, total: number, now: number, log: (m: string) => void) => {
  const started = performance.now();
  const todayStart = Math.floor(now / DAY_MS) * DAY_MS;
  const firstDay = todayStart - (DAYS - 1) * DAY_MS;
  const [planRng, clickRng, conversionRng] = [createRng(7001), createRng(7002), createRng(7003)];
  const { offers, affiliates } = await load(
    db,
    demoId,
    demoAffiliates().map((a) => a.email),
  );
  const streams = planStreams(planRng, offers, affiliates, (t) => Math.floor((t - firstDay) / DAY_MS), total);
  const countries = new Set([
    ...offers.flatMap((x) => x.geos),
    ...affiliates.flatMap((a) => a.geos),
    'US',
    'IN',
    'BR',
    'TR',
  ]);
  const fraud = await loadDemoFraud(db, createRng(7004), countries);
  const blocks = ipBlocks(countries, planRng);
  const guard = new CapGuard(
    offers.flatMap((x) => x.caps),
    now,
  );
  const cctx = { rng: conversionRng, now, guard, adminId: demoId, seq: 1_000_000_000, fraud, blocks };
  let conversions = newBatch();
  const ctx = {
    rng: clickRng,
    streams,
    blocks,
    guard,
    now,
    total,
    fraud,
    convert: (c: DemoClick) => convertClick(cctx, c, conversions),
  };
  const weights = dayWeights(planRng, todayStart);
  const totals = { clicks: 0, conversions: 0, leads: 0 };

  // A day's clicks in writer-sized batches, then the day's leads and conversions (they point at its clicks).
  const writeDay = async (day: DemoClick[], b: ConversionBatch) => {
    for (let i = 0; i < day.length; i += BATCH) await writeClicks(db, day.slice(i, i + BATCH));
    await writeConversions(db, b);
    totals.clicks += day.length;
    totals.conversions += b.conversions.length;
    totals.leads += b.leads.length;
  };
  // The next day is generated while the database stores the previous one, so both cores stay busy.
  let writing: Promise<void> = Promise.resolve();
  for (let d = 0; d < DAYS; d++) {
    const day = clicksOfDay(ctx, d, weights, todayStart);
    const ready = conversions;
    conversions = newBatch();
    await writing;
    writing = writeDay(day, ready);
    // Awaited on the next round; until then a failure must not count as an unhandled rejection.
    writing.catch(() => undefined);
    if (d % 10 === 9)
      log(
        `  day ${d + 1}/${DAYS}: ${totals.clicks.toLocaleString('en')} clicks stored, ${((performance.now() - started) / 1000).toFixed(0)} s`,
      );
  }
  await writing;
  const folded = performance.now();
  await foldRollups(db, { wait: true });
  const s = (performance.now() - started) / 1000;
  log(
    `seeded ${totals.clicks.toLocaleString('en')} clicks, ${totals.leads.toLocaleString('en')} leads, ${totals.conversions.toLocaleString('en')} conversions` +
      ` in ${s.toFixed(0)} s (${Math.round(totals.clicks / s).toLocaleString('en')} clicks/s; fold ${((performance.now() - folded) / 1000).toFixed(1)} s)`,
  );
  return totals;
};
