import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config/config.ts';
import { EmbeddedPgRefusal } from './db/embedded.ts';
import { openDatabase } from './db/open.ts';
import { buildApp } from './app.ts';
import { createSecrets, loadSecretKey } from './lib/secrets.ts';
import { initSentry } from './lib/sentry.ts';
import { ensureFirstAdmin } from './seed/admin.ts';
import { DEMO_PASSWORD, seedDemo } from './seed/demo.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

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
  const say = (m: string) => console.log(`[panel] ${m}`);
  say(config.DATABASE_URL ? 'using DATABASE_URL' : `starting embedded PostgreSQL in ${path.resolve(config.DATA_DIR)}`);
  const database = await openDatabase(config, say);
  const { db, hotDb } = database;

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

  const distDir = path.resolve(repoRoot, config.WEB_DIST ?? 'apps/web/dist');
  const app = await buildApp({ db, hotDb, config, distDir, logger: { level: config.LOG_LEVEL }, secretKey });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    say(`${signal}: shutting down`);
    await app.close().catch(() => {});
    await database.close().catch((err) => console.error(err));
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ host: config.HOST, port: config.PORT });
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    await database.close();
    process.exit(1);
  }
  say(`panel ready on http://localhost:${config.PORT}`);
};

// A refusal is one line that names the directory and the fix; anything else keeps its stack.
main().catch((err) => {
  console.error(err instanceof EmbeddedPgRefusal ? `[panel] ${err.message}` : err);
  process.exit(1);
});
