// `npm run bench`: throughput of the panel's API against a bare Fastify route in the same process,
// over real HTTP on loopback and a real (embedded) PostgreSQL. Prints ratios, never pass/fail.
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/config.ts';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo.ts';
import { CONCURRENCY, DURATION_MS, expectStatus, measure, withDemoDatabase } from './lib.ts';

await withDemoDatabase(async (db) => {
  const bare = Fastify();
  bare.get('/ping', async () => ({ status: 'success', data: { ok: true }, error: null }));
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

  const { app } = await buildApp({
    db,
    config: loadConfig({ NODE_ENV: 'test' }),
    distDir: '/nonexistent',
    secretKey: 'bench-secret-key-0123456789',
  });
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await fetch(`${appUrl}/api/auth/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'manager@demo.test', password: DEMO_PASSWORD }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const get =
    (url: string, headers: Record<string, string> = {}) =>
    () =>
      expectStatus(url, 200, { headers });

  const baseline = (await measure(get(`${bareUrl}/ping`))).rps;
  const rows: [string, number][] = [
    ['GET /api/settings/v1/public (no session)', (await measure(get(`${appUrl}/api/settings/v1/public`))).rps],
    [
      'GET /api/auth/v1/me (session lookup)',
      (await measure(get(`${appUrl}/api/auth/v1/me`, { 'pxl-authorization': token }))).rps,
    ],
    ['GET /api/constant/v1/all (cached payload)', (await measure(get(`${appUrl}/api/constant/v1/all`))).rps],
    [
      'GET /api/log/v1/list (paged, joined)',
      (await measure(get(`${appUrl}/api/log/v1/list?count=50`, { 'pxl-authorization': token }))).rps,
    ],
  ];
  console.log(`baseline: bare Fastify JSON route = 1.00 (${CONCURRENCY} concurrent clients, ${DURATION_MS} ms each)`);
  for (const [name, rps] of rows) console.log(`${(rps / baseline).toFixed(2)}  ${name}`);
  await app.close();
  await bare.close();
});
