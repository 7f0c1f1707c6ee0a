import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the e2e server listens (see ../e2e-server.mjs); shared by the config and the helpers. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const BASE_URL = `http://localhost:${E2E_PORT}`;

/** Demo network of `SEED_DEMO=true`. */
export const PARTNER_TITLE = 'Demo Network';
export const DEMO_PASSWORD = 'demo-pass-2026';
/** Cookie key prefix: COOKIE_PREFIX is not set for the e2e server, so the default. */
export const COOKIE_PREFIX = 'pxl';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
/**
 * The e2e server's DATA_DIR; wiped at each start, so files kept here live for one run only. One per port, so two
 * runs on different ports (two checkouts' worth of work on one machine) never wipe each other's database.
 */
export const E2E_DATA_DIR = path.resolve(root, process.env.E2E_DATA_DIR ?? `.tmp/e2e-data-${E2E_PORT}`);
/** Signed-in browser storage per role, shared by the workers of one run. */
export const AUTH_DIR = path.join(E2E_DATA_DIR, 'e2e-auth');
