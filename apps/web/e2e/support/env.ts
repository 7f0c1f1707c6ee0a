/** Where the e2e server listens (see ../e2e-server.mjs); shared by the config and the helpers. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const BASE_URL = `http://localhost:${E2E_PORT}`;

/** Demo network of `SEED_DEMO=true` (issue 2). */
export const PARTNER_TITLE = 'Demo Network';
export const DEMO_PASSWORD = 'demo-pass-2026';
/** Cookie key prefix: COOKIE_PREFIX is not set for the e2e server, so the default. */
export const COOKIE_PREFIX = 'pxl';
