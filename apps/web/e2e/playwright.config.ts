import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type ReporterDescription } from '@playwright/test';
import { BASE_URL, E2E_PORT } from './support/env.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');

// The server serves the built SPA; without it every page would be a 404 from the server.
const builtIndex = path.join(path.resolve(root, process.env.E2E_WEB_DIST ?? 'apps/web/dist'), 'index.html');
if (!existsSync(builtIndex)) {
  throw new Error(`The web app is not built (${builtIndex} is missing). Run \`npm run build -w apps/web\` first.`);
}

const reporter: ReporterDescription[] = [['list']];
if (process.env.PLAYWRIGHT_JSON_OUTPUT_NAME) reporter.push(['json']);

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // Per port, as the server's data: a run on another port (and its wiping of this folder at start) leaves ours alone.
  outputDir: path.join(root, `.tmp/e2e-results-${E2E_PORT}`),
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // Limits only stop a hung test: on a shared, loaded CI machine a spec's pages and answers come slowly, and a spec
  // decides on what the screen shows, never on how fast (docs/decisions/034-start-under-load.md).
  timeout: 300_000,
  expect: { timeout: 30_000 },
  reporter,
  use: {
    baseURL: BASE_URL,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--disable-quic',
      ],
    },
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node apps/web/e2e/e2e-server.mjs',
    cwd: root,
    env: { E2E_PORT: String(E2E_PORT) },
    url: `${BASE_URL}/healthz`,
    // The demo seed writes a month of traffic first: about 30 s on a quiet machine, past 80 s on a loaded one.
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
