import cluster from 'node:cluster';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config/config.ts';
import { EmbeddedPgRefusal } from './db/embedded.ts';
import { openDatabase, type Database } from './db/open.ts';
import { buildApp } from './app.ts';
import { installJobsIfMissing } from './jobs/jobs.ts';
import { serveClusterMetrics } from './lib/metrics-cluster.ts';
import { drainBeforeClose } from './lib/readiness.ts';
import { createSecrets, loadSecretKey } from './lib/secrets.ts';
import { initSentry } from './lib/sentry.ts';
import { ensureFirstAdmin } from './seed/admin.ts';
import { DEMO_PASSWORD, seedDemo } from './seed/demo.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

type Config = ReturnType<typeof loadConfig>;
type Say = (m: string) => void;

/** Runs `stop` once on the first SIGINT or SIGTERM, then exits; `stopping()` says whether it has begun. */
const onStopSignal = (stop: (signal: string) => Promise<void>) => {
  let stopping = false;
  const handle = (signal: string) => {
    if (stopping) return;
    stopping = true;
    void stop(signal).then(() => process.exit(0));
  };
  process.on('SIGINT', () => handle('SIGINT'));
  process.on('SIGTERM', () => handle('SIGTERM'));
  return () => stopping;
};

/** One server process: the app on PORT over `database`; SIGINT/SIGTERM close it (the click buffer is flushed) and exit. */
const serve = async (config: Config, database: Database, say: Say) => {
  const { db, hotDb } = database;
  const secretKey = loadSecretKey(config.SECRET_KEY, config.DATA_DIR);
  const distDir = path.resolve(repoRoot, config.WEB_DIST ?? 'apps/web/dist');
  const { app } = await buildApp({ db, hotDb, config, distDir, logger: { level: config.LOG_LEVEL }, secretKey });
  // Not ready first, still serving, so a load balancer polling /readyz stops sending before the server closes.
  const drainMs = config.READY_DRAIN_MS ?? (config.NODE_ENV === 'test' ? 0 : 5_000);
  onStopSignal(async (signal) => {
    say(`${signal}: not ready; closing in ${drainMs} ms`);
    await drainBeforeClose(app, drainMs);
    say('shutting down');
    await app.close().catch(() => {});
    await database.close().catch((err) => console.error(err));
  });
  try {
    await app.listen({ host: config.HOST, port: config.PORT });
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    await database.close();
    process.exit(1);
  }
};

/**
 * WORKERS > 1: this process keeps the database (the embedded one runs once) and N workers share PORT through node's
 * cluster module, each with its own app and pools on the same database (docs/scaling.md). A worker that dies is
 * replaced, unless it died before it ever listened (a port in use, say: another would die the same way); at shutdown
 * every worker closes its app first, then the database stops.
 */
const superviseWorkers = (config: Config, database: Database, say: Say) => {
  const listened = new Set<number>();
  const fork = () => cluster.fork({ DATABASE_URL: database.url });
  const stopWorkers = () =>
    Promise.all(
      Object.values(cluster.workers ?? {}).map(
        (w) =>
          new Promise<void>((resolve) => {
            if (!w || w.isDead()) return resolve();
            w.once('exit', () => resolve());
            w.process.kill('SIGTERM');
          }),
      ),
    );
  const stopping = onStopSignal(async (signal) => {
    say(`${signal}: shutting down ${Object.keys(cluster.workers ?? {}).length} workers`);
    await stopWorkers();
    await database.close().catch((err) => console.error(err));
  });
  cluster.on('listening', (worker) => {
    listened.add(worker.id);
    if (listened.size === config.WORKERS)
      say(`panel ready on http://localhost:${config.PORT} (${config.WORKERS} workers)`);
  });
  let failed = false;
  cluster.on('exit', (worker, code, signal) => {
    if (stopping() || failed) return;
    if (!listened.has(worker.id)) {
      failed = true;
      say(`worker ${worker.process.pid} ended (${signal ?? code}) before it listened; stopping`);
      void stopWorkers()
        .then(() => database.close())
        .finally(() => process.exit(1));
      return;
    }
    say(`worker ${worker.process.pid} ended (${signal ?? code}); starting another`);
    fork();
  });
  serveClusterMetrics();
  for (let i = 0; i < config.WORKERS; i += 1) fork();
};

const main = async () => {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  initSentry(config);
  const say = (m: string) => console.log(`[panel${cluster.isWorker ? ` ${process.pid}` : ''}] ${m}`);
  if (cluster.isWorker) {
    // The primary has migrated and seeded; DATABASE_URL is the database it opened.
    await serve(config, await openDatabase(config, say), say);
    return;
  }
  say(config.DATABASE_URL ? 'using DATABASE_URL' : `starting embedded PostgreSQL in ${path.resolve(config.DATA_DIR)}`);
  const database = await openDatabase(config, say);
  const { hotDb } = database;
  await installJobsIfMissing(hotDb.$client);

  const secretKey = loadSecretKey(config.SECRET_KEY, config.DATA_DIR);
  if (config.SEED_DEMO) {
    await seedDemo(hotDb, { log: say, secrets: createSecrets(secretKey) });
    say(
      `demo network loaded: admin@demo.test, head@demo.test, manager@demo.test, manager2@demo.test, teamlead@demo.test, affiliate@demo.test, advertiser@demo.test — password ${DEMO_PASSWORD}`,
    );
  }
  const admin = await ensureFirstAdmin(hotDb, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
  if (admin?.generated)
    say(`first admin created: ${admin.email} / ${admin.password}  (shown once; change it after signing in)`);
  else if (admin) say(`first admin created: ${admin.email} (password from ADMIN_PASSWORD)`);

  if (config.WORKERS > 1) return superviseWorkers(config, database, say);
  await serve(config, database, say);
  say(`panel ready on http://localhost:${config.PORT}`);
};

// A refusal is one line that names the directory and the fix; anything else keeps its stack.
main().catch((err) => {
  console.error(err instanceof EmbeddedPgRefusal ? `[panel] ${err.message}` : err);
  process.exit(1);
});
