// `npm run bench:leads`: leads accepted per second through the real lead API, routed to the built-in
// sandbox buyer over real HTTP (it answers at once), against a bare Fastify JSON POST; the load comes from a separate process.
import Fastify from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/config.ts';
import { leads } from '../apps/server/src/db/schema.ts';
import { sandboxLeadOffer } from './lead-setup.ts';
import { CONCURRENCY, DURATION_MS, measureHttp, ms, withDemoDatabase } from './lib.ts';

await withDemoDatabase(async (db) => {
  const bare = Fastify();
  bare.post('/lead', async (req) => ({ status: 'success', data: { received: typeof req.body }, error: null }));
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
  const config = loadConfig({ NODE_ENV: 'test', LEAD_API_RATE_PER_MINUTE: '1000000' });
  const { app } = await buildApp({
    db,
    config,
    distDir: '/nonexistent',
    secretKey: 'bench-secret-key-0123456789',
    jobs: { start: false },
  });
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });

  const { offer, key, body } = await sandboxLeadOffer(db, appUrl);
  const baseline = await measureHttp({
    url: `${bareUrl}/lead`,
    body: body(),
    status: 200,
  });
  const run = await measureHttp({
    url: `${appUrl}/api/lead/v1/create`,
    body: body(),
    status: 200,
    headers: { 'x-api-key': key },
  });
  const [{ accepted }] = await db
    .select({ accepted: sql<number>`count(*) filter (where ${leads.status} = 'accepted')`.mapWith(Number) })
    .from(leads)
    .where(eq(leads.offerId, offer.id));

  console.log(
    `machine: ${(await import('node:os')).cpus().length} cores, ${CONCURRENCY} concurrent clients, ${DURATION_MS} ms per run, load from a separate process`,
  );
  console.log(
    `leads: ${(run.rps / baseline.rps).toFixed(2)} of a bare Fastify JSON POST (${run.rps.toFixed(0)} leads/s vs ${baseline.rps.toFixed(0)}/s); p50 ${ms(run.p50)}, p99 ${ms(run.p99)} (bare p99 ${ms(baseline.p99)})`,
  );
  console.log(`       ${accepted} of ${run.count} answered leads stored as accepted by the sandbox buyer`);
  await app.close();
  await bare.close();
});
