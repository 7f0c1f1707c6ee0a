// Several server processes on one database (docs/scaling.md): two real child servers share the test's database and
// split the traffic; a third runs as WORKERS=2 behind one port. The test process only seeds through its own app.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { clicks } from '../src/db/schema.ts';
import { startClickWorld, type ClickWorld } from '../src/modules/tracking/click.fixtures.ts';
import { childServer } from './child-server.ts';
import { authHeader } from './factories.ts';
import type { TestApp } from './harness.ts';

type Child = Awaited<ReturnType<typeof childServer>>;
let t: TestApp;
let w: ClickWorld;
let a: Child;
let b: Child;
let jobsSince: Date;
let firstJob: Promise<Awaited<ReturnType<typeof jobsOfMinute>>>;

/** The every-minute hold job as pg-boss queued it since the servers started, per minute. */
const jobsOfMinute = async () =>
  (
    await t.db.execute<{ minute: Date; n: number; first: Date }>(sql`
      select date_trunc('minute', created_on) as minute, count(*)::int as n, min(created_on) as first
      from pgboss.job where name = 'conversion-hold' and created_on >= ${jobsSince.toISOString()} group by 1 order by 1`)
  ).rows;

beforeAll(async () => {
  ({ t, w } = await startClickWorld());
  const databaseUrl = t.db.$client.options.connectionString!;
  [a, b] = await Promise.all([
    childServer('scale-a', {}, { databaseUrl }),
    childServer('scale-b', {}, { databaseUrl }),
  ]);
  await Promise.all([a.start(), b.start()]);
  // The scheduler's next minute is up to a minute and a half away: it is awaited by the last test, not here.
  jobsSince = new Date();
  firstJob = until(jobsOfMinute, (rows) => rows.length > 0, 170_000);
  firstJob.catch(() => {});
});
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await t?.close();
});

/** One click as a visitor without the cookie; true when it went to the offer (not trafficback, not "not available"). */
const clickThrough = async (server: Child, offerId: number) => {
  const res = await fetch(`${server.url}/click/${offerId}?aff=${w.affA.id}`, { redirect: 'manual' });
  if (res.status === 404) return false;
  if (res.status !== 302) throw new Error(`HTTP ${res.status}`);
  return res.headers.get('location')!.startsWith('https://adv.example/');
};

/** `n` clicks, `parallel` at a time; how many went through. */
const clicksThrough = async (server: Child, offerId: number, n: number, parallel = 12) => {
  let next = 0;
  let through = 0;
  const lane = async () => {
    while (next < n) {
      next += 1;
      if (await clickThrough(server, offerId)) through += 1;
    }
  };
  await Promise.all(Array.from({ length: parallel }, lane));
  return through;
};

const until = async <T>(probe: () => Promise<T>, ok: (v: T) => boolean, ms: number) => {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (ok(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('two server processes on one database', () => {
  it('a click cap of 1,000 with both taking traffic lets exactly 1,000 through', async () => {
    const o = await w.offer(
      { trafficback_url: 'https://tb.example/?r=cap' },
      { caps: { caps: [{ metric: 'clicks', period: 'day', limit: 1000 }] } },
    );
    const [viaA, viaB] = await Promise.all([clicksThrough(a, o.id, 800), clicksThrough(b, o.id, 800)]);
    // Both let clicks through: the cap was shared, not taken by one process.
    expect(viaA).toBeGreaterThan(100);
    expect(viaB).toBeGreaterThan(100);
    expect(viaA + viaB).toBeLessThanOrEqual(1000);
    // Clicks one process leased and did not use go back when idle, so the other fills the cap exactly.
    let more = 0;
    await until(
      async () => (more += await clicksThrough(b, o.id, 20, 4)),
      () => viaA + viaB + more >= 1000,
      20_000,
    );
    expect(viaA + viaB + more).toBe(1000);
    expect(await clicksThrough(a, o.id, 50)).toBe(0);
    expect(await clicksThrough(b, o.id, 50)).toBe(0);
    const stored = await until(
      async () =>
        (
          await t.db
            .select({ n: sql<number>`count(*)`.mapWith(Number) })
            .from(clicks)
            .where(and(eq(clicks.offerId, o.uuid), isNull(clicks.trafficbackReason)))
        )[0].n,
      (n) => n >= 1000,
      10_000,
    );
    expect(stored).toBe(1000);
  });

  it('an offer stopped through one process stops clicks on the other within a second', async () => {
    const o = await w.offer();
    expect(await clickThrough(b, o.id)).toBe(true);
    const res = await fetch(`${a.url}/api/offers/v1/${o.uuid}/status`, {
      method: 'POST',
      headers: { ...authHeader(w.admin.token), 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'stopped' }),
    });
    expect(res.status).toBe(200);
    const stoppedAt = Date.now();
    const through = await until(
      () => clickThrough(b, o.id),
      (v) => !v,
      1000,
    );
    expect(through).toBe(false);
    expect(Date.now() - stoppedAt).toBeLessThan(1500);
  });
});

describe('WORKERS=2 on one port', () => {
  it('serves the clicks and stores every answered one when stopped with SIGTERM', async () => {
    const o = await w.offer();
    const cluster = await childServer(
      'scale-cluster',
      { WORKERS: '2' },
      { databaseUrl: t.db.$client.options.connectionString! },
    );
    await cluster.start();
    try {
      // Answered means counted: the clicks still in the workers' buffers are written on the way out.
      const through = await clicksThrough(cluster, o.id, 300);
      expect(through).toBe(300);
      await cluster.term();
      const [{ n }] = await t.db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(clicks)
        .where(eq(clicks.offerId, o.uuid));
      expect(n).toBe(300);
    } finally {
      await cluster.stop();
    }
  });
});

describe('jobs with several processes', () => {
  it('a scheduled job runs once a minute, not once per process', async () => {
    // Both child servers and, by now, the WORKERS=2 server's workers have run pg-boss's scheduler.
    const [first] = await firstJob;
    expect(first).toBeDefined();
    // A second process's copy would come within its next check; 20 s is several of them.
    const settled = new Date(first.first).getTime() + 20_000;
    const rows = await until(jobsOfMinute, () => Date.now() > settled, 30_000);
    expect(rows[0].n).toBe(1);
  });
});
