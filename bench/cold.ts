// `npm run bench:cold`: a Re-Cold distribution of 20,000 stored leads with no pause, routed to the built-in sandbox
// buyer over real HTTP, against the lead API's own rate to the same kind of buyer in the same run (one client, as a
// distribution sends one lead at a time, and CONCURRENCY clients); then the drift of 1 s pauses over ~30 sends.
import { fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/config.ts';
import { coldLeadLists, coldListLeads, coldRules, coldSends, leads } from '../apps/server/src/db/schema.ts';
import type { Db } from '../apps/server/src/db/client.ts';
import { CONCURRENCY, DURATION_MS, measureHttp, ms, withDemoDatabase, type Measured } from './lib.ts';
import { apiOfferFor, demoPartners, post, sandboxBuyer, testedProducts } from './lead-setup.ts';
import type { LoadSpec } from './load.ts';

const LEADS = Number(process.env.BENCH_COLD_LEADS ?? 20_000);
const DRIFT_SENDS = 31;

/** bench/load.ts with a concurrency of our choosing (measureHttp uses CONCURRENCY). */
const measureWith = (concurrency: number, spec: Omit<LoadSpec, 'durationMs' | 'concurrency'>) =>
  new Promise<Measured>((resolve, reject) => {
    const child = fork(path.join(import.meta.dirname, 'load.ts'), { execArgv: ['--import', 'tsx'] });
    child.once('message', (m: { result?: Measured; error?: string }) =>
      m.result ? resolve(m.result) : reject(new Error(m.error)),
    );
    child.once('exit', (code) => reject(new Error(`load generator exited with ${code}`)));
    child.send({ ...spec, durationMs: DURATION_MS, concurrency });
  });

const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

/** Stored leads of the demo affiliate, failed, written in chunks; a list holding them. */
const storedList = async (db: Db, offerId: string, affiliateId: string, n: number, tag: string) => {
  const [list] = await db
    .insert(coldLeadLists)
    .values({ title: `Bench ${tag}` })
    .returning();
  for (let from = 0; from < n; from += 5000) {
    const rows = await db
      .insert(leads)
      .values(
        Array.from({ length: Math.min(5000, n - from) }, (_, k) => {
          const i = from + k;
          return {
            offerId,
            affiliateId,
            firstName: 'Cold',
            lastName: `Bench ${i}`,
            email: `cold-${tag}-${i}@example.com`,
            phone: `+4915${String(i).padStart(8, '0')}`,
            country: 'DE',
            ip: '46.4.0.1',
            status: 'failed',
            reason: 'no_product_available',
            createdAt: new Date(Date.now() - 40 * 86_400_000 - i * 1000),
          };
        }),
      )
      .returning({ id: leads.id });
    await db.insert(coldListLeads).values(rows.map((r) => ({ listId: list.id, leadId: r.id, source: 'user_session' })));
  }
  return list.id;
};

await withDemoDatabase(async (db) => {
  const config = loadConfig({ NODE_ENV: 'test', LEAD_API_RATE_PER_MINUTE: '1000000' });
  const { app } = await buildApp({
    db,
    config,
    distDir: '/nonexistent',
    secretKey: 'bench-secret-key-0123456789',
    jobs: { start: false },
  });
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const partners = await demoPartners(db, appUrl);
  const { admin, key, affiliate } = partners;
  // Sandbox buyers that take every lead at once, tested, each alone on a public API offer without caps.
  const target = async (name: string) =>
    apiOfferFor(db, `Bench ${name}`, await testedProducts(db, appUrl, partners, [sandboxBuyer(name)]));
  const apiOffer = await target('Bench lead API sandbox');
  const coldOffer = await target('Bench cold sandbox');
  const driftOffer = await target('Bench drift sandbox');

  // Each run its own emails and phones: de-duplication would refuse the second run's.
  const spec = (run: number) => ({
    url: `${appUrl}/api/lead/v1/create`,
    body: `{"offer_id":${apiOffer.number},"first_name":"Bench","last_name":"Lead {i}","email":"bench${run}-{i}@example.com","phone":"+49151${run}0{i}","country":"DE","ip":"46.4.0.1"}`,
    status: 200,
    headers: { 'x-api-key': key },
  });
  const one = await measureWith(1, spec(1));
  const many = await measureHttp(spec(2));

  const t0 = performance.now();
  const list = await storedList(db, apiOffer.id, affiliate.id, LEADS, 'rate');
  const [rule] = await db
    .insert(coldRules)
    .values({ name: 'Bench', maxResends: 100, minDaysBetween: 0, neverSameProduct: false, skipFtd: false })
    .returning();
  const seeded = performance.now() - t0;
  const distribution = (body: Record<string, unknown>) =>
    post(
      `${appUrl}/api/cold-api/v1/distributions/create`,
      {
        title: 'Bench',
        rule_uuid: rule.id,
        affiliate_uuid: affiliate.id,
        start_date: '2020-01-01',
        time_zone: 'UTC',
        daily_limit: null,
        order: 'newest',
        ...body,
      },
      admin,
    );
  const settledCount = async (id: string) => {
    const [row] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(coldSends)
      .innerJoin(leads, eq(leads.id, coldSends.sessionId))
      .where(
        and(eq(coldSends.distributionId, id), isNotNull(coldSends.sessionId), sql`${leads.status} <> 'processing'`),
      );
    return row.n;
  };
  const started = performance.now();
  const rate = await distribution({ list_uuid: list, offer_uuid: coldOffer.id, interval_min: 0, interval_max: 0 });
  while ((await settledCount(rate.uuid as string)) < LEADS) await sleep(250);
  const elapsed = performance.now() - started;
  const coldRps = LEADS / (elapsed / 1000);
  await post(`${appUrl}/api/cold-api/v1/distributions/${rate.uuid}/status`, { status: 'done' }, admin);
  // Again after the distribution: the machine's other load moves over minutes, so the ratio is to the mean of both.
  const oneAfter = await measureWith(1, spec(3));
  const manyAfter = await measureHttp(spec(4));
  const oneRps = (one.rps + oneAfter.rps) / 2;
  const manyRps = (many.rps + manyAfter.rps) / 2;
  const [{ accepted }] = await db
    .select({ accepted: sql<number>`count(*) filter (where ${leads.status} = 'accepted')`.mapWith(Number) })
    .from(leads)
    .where(eq(leads.coldDistributionId, rate.uuid as string));

  // Drift: pauses of exactly 1 s, measured between the starts of consecutive sends (cold_sends.created_at is the
  // start of the claim's transaction, right after the runner's clock read).
  const driftList = await storedList(db, apiOffer.id, affiliate.id, DRIFT_SENDS, 'drift');
  const drift = await distribution({
    list_uuid: driftList,
    offer_uuid: driftOffer.id,
    interval_min: 1,
    interval_max: 1,
  });
  while ((await settledCount(drift.uuid as string)) < DRIFT_SENDS) await sleep(250);
  const starts = (
    await db
      .select({ at: sql<string>`extract(epoch from ${coldSends.createdAt}) * 1000` })
      .from(coldSends)
      .where(eq(coldSends.distributionId, drift.uuid as string))
      .orderBy(coldSends.createdAt)
  ).map((r) => Number(r.at));
  const off = starts
    .slice(1)
    .map((at, i) => Math.abs(at - starts[i] - 1000))
    .sort((a, b) => a - b);
  const at = (q: number) => off[Math.min(off.length - 1, Math.floor(off.length * q))];

  console.log(
    `machine: ${os.cpus().length} cores; lead API ${DURATION_MS} ms per run, load from a separate process; ${LEADS} stored leads seeded in ${(seeded / 1000).toFixed(1)} s`,
  );
  console.log(
    `lead API before / after the distribution: ${one.rps.toFixed(0)} / ${oneAfter.rps.toFixed(0)} leads/s with 1 client (p50 ${ms(one.p50)} / ${ms(oneAfter.p50)}), ${many.rps.toFixed(0)} / ${manyAfter.rps.toFixed(0)} leads/s with ${CONCURRENCY} clients`,
  );
  console.log(
    `cold: ${LEADS} leads in ${(elapsed / 1000).toFixed(1)} s = ${coldRps.toFixed(0)} leads/s, ${(coldRps / oneRps).toFixed(2)} of the lead API with 1 client, ${(coldRps / manyRps).toFixed(2)} of it with ${CONCURRENCY} (means of before and after); ${accepted} accepted by the sandbox buyer`,
  );
  console.log(
    `drift at 1 s pauses over ${off.length} gaps: p50 ${ms(at(0.5))}, p99 ${ms(at(0.99))}, max ${ms(off.at(-1) ?? 0)}`,
  );
  await app.close();
});
