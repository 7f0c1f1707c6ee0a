// `npm run bench`: throughput of the panel's API against a bare Fastify route in the same process,
// over real HTTP on loopback and a real (embedded) PostgreSQL. Prints ratios, never pass/fail.
import { mkdtemp, rm, chmod } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/config.ts';
import { connectDb } from '../apps/server/src/db/client.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { ensureDatabase, migrateDb } from '../apps/server/src/db/migrate.ts';
import { seedDemo, DEMO_PASSWORD } from '../apps/server/src/seed/demo.ts';

const DURATION_MS = Number(process.env.BENCH_MS ?? 3000);
const CONCURRENCY = 16;

/** Requests per second with CONCURRENCY keep-alive clients for DURATION_MS (bounded: it stops by itself). */
const measure = async (url: string, init: RequestInit = {}) => {
  const end = Date.now() + DURATION_MS;
  let done = 0;
  const worker = async () => {
    while (Date.now() < end) {
      const res = await fetch(url, init);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
      done++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return done / (DURATION_MS / 1000);
};

const dir = await mkdtemp(path.join(os.tmpdir(), 'panel-bench-'));
await chmod(dir, 0o755);
const pg = await startEmbeddedPostgres(dir, 45000 + Math.floor(Math.random() * 1000), () => {});
try {
  const admin = connectDb(pg.url(), 1);
  await ensureDatabase(admin, 'bench');
  await admin.$client.end();
  const db = connectDb(pg.url('bench'));
  await migrateDb(db);
  await seedDemo(db);

  const bare = Fastify();
  bare.get('/ping', async () => ({ status: 'success', data: { ok: true }, error: null }));
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

  const app = await buildApp({ db, config: loadConfig({ NODE_ENV: 'test' }), distDir: '/nonexistent', secretKey: 'bench-secret-key-0123456789' });
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await fetch(`${appUrl}/api/auth/v1/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'manager@demo.test', password: DEMO_PASSWORD }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;

  const baseline = await measure(`${bareUrl}/ping`);
  const rows: [string, number][] = [
    ['GET /api/settings/v1/public (no session)', await measure(`${appUrl}/api/settings/v1/public`)],
    ['GET /api/auth/v1/me (session lookup)', await measure(`${appUrl}/api/auth/v1/me`, { headers: { 'pxl-authorization': token } })],
    ['GET /api/constant/v1/all (cached payload)', await measure(`${appUrl}/api/constant/v1/all`)],
    ['GET /api/log/v1/list (paged, joined)', await measure(`${appUrl}/api/log/v1/list?count=50`, { headers: { 'pxl-authorization': token } })],
  ];
  console.log(`baseline: bare Fastify JSON route = 1.00 (${CONCURRENCY} concurrent clients, ${DURATION_MS} ms each)`);
  for (const [name, rps] of rows) console.log(`${(rps / baseline).toFixed(2)}  ${name}`);
  await app.close();
  await bare.close();
  await db.$client.end();
} finally {
  await pg.stop();
  await rm(dir, { recursive: true, force: true });
}
