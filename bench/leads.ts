// `npm run bench:leads`: leads accepted per second through the real lead API, routed to the built-in
// sandbox buyer over real HTTP (it answers at once), against a bare Fastify JSON POST; the load comes from a separate process.
import Fastify from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/config.ts';
import { leads, offerProducts, offers, products, users } from '../apps/server/src/db/schema.ts';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo.ts';
import { CONCURRENCY, DURATION_MS, measureHttp, ms, withDemoDatabase } from './lib.ts';

const post = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { data: Record<string, unknown>; error: unknown };
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status} ${JSON.stringify(json.error)}`);
  return json.data;
};

await withDemoDatabase(async (db) => {
  const bare = Fastify();
  bare.post('/lead', async (req) => ({ status: 'success', data: { received: typeof req.body }, error: null }));
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
  const config = loadConfig({ NODE_ENV: 'test', LEAD_API_RATE_PER_MINUTE: '1000000' });
  const app = await buildApp({
    db,
    config,
    distDir: '/nonexistent',
    secretKey: 'bench-secret-key-0123456789',
    jobs: { start: false },
  });
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });

  const login = async (email: string) =>
    (await post(`${appUrl}/api/auth/v1/login`, { email, password: DEMO_PASSWORD })).token as string;
  const admin = { 'pxl-authorization': await login('admin@demo.test') };
  const key = (
    await post(
      `${appUrl}/api/account/v1/api-keys`,
      { name: 'bench' },
      { 'pxl-authorization': await login('affiliate@demo.test') },
    )
  ).key as string;
  const [advertiser] = await db.select().from(users).where(eq(users.email, 'advertiser@demo.test'));
  // A sandbox buyer that takes every lead at once, made through the staff API, tested, on its own public API offer without caps.
  const product = await post(
    `${appUrl}/api/advertisers/v1/${advertiser.id}/products`,
    {
      name: 'Bench sandbox',
      integration_type: 'sandbox',
      credentials: { api_key: 'bench-sandbox-key' },
      status: 'active',
      geos: [],
      sandbox_rules: { duplicate_check: false, ftd_percent: 0 },
    },
    admin,
  );
  await db
    .update(products)
    .set({ testedAt: new Date() })
    .where(eq(products.id, product.uuid as string));
  const [offer] = await db
    .insert(offers)
    .values({
      type: 'api',
      title: 'Bench API offer',
      vertical: 'crypto',
      status: 'active',
      privacy: 'public',
      currency: 'EUR',
      goals: [{ goal: 'ftd', payment_type: 'cpa', revenue: 50000, payout: 40000, payout_percent: 0, geo_rates: [] }],
    })
    .returning();
  await db
    .insert(offerProducts)
    .values({ offerId: offer.id, productId: product.uuid as string, priority: 1, weight: 100 });

  const person = `"first_name":"Bench","last_name":"Lead {i}","email":"bench{i}@example.com","phone":"+491510{i}","country":"DE","ip":"46.4.0.1"`;
  const baseline = await measureHttp({
    url: `${bareUrl}/lead`,
    body: `{"offer_id":${offer.number},${person}}`,
    status: 200,
  });
  const run = await measureHttp({
    url: `${appUrl}/api/lead/v1/create`,
    body: `{"offer_id":${offer.number},${person}}`,
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
