import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { Role } from '@pxl/contract/access/roles';
import { AUTH_DIR, BASE_URL, COOKIE_PREFIX, DEMO_PASSWORD } from './env.ts';
import { recordNotices } from './notices.ts';

/** One demo account per role, all with DEMO_PASSWORD. */
export const DEMO_EMAIL: Record<Role, string> = {
  admin: 'admin@demo.test',
  head: 'head@demo.test',
  manager: 'manager@demo.test',
  team_lead: 'teamlead@demo.test',
  affiliate: 'affiliate@demo.test',
  advertiser: 'advertiser@demo.test',
};

export type SessionData = { token: string; user_role: string; uuid: string; type: string; email: string };
export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

export const loginForm = (page: Page) => page.locator('form').filter({ has: page.locator('input[name="password"]') });

/** Fills and submits the login form; does not wait for the outcome. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  const form = loginForm(page);
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(password);
  await form.locator('button[type="submit"]').click();
}

/** Signs in through the UI and checks the landing on /dashboard (docs/product/routes.md). */
export async function loginViaUi(page: Page, role: Role): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, DEMO_EMAIL[role], DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('user-email')).toHaveText(DEMO_EMAIL[role]);
}

/** Signs in through the API (a separate token; nothing in the browser changes). */
export async function apiLogin(request: APIRequestContext, role: Role): Promise<SessionData> {
  const response = await request.post(`${BASE_URL}/api/auth/v1/login`, {
    data: { email: DEMO_EMAIL[role], password: DEMO_PASSWORD },
  });
  expect(response.status(), `API login as ${role}`).toBe(200);
  return (await response.json()).data as SessionData;
}

export const cookieKey = (field: string, old = false) => `${COOKIE_PREFIX}_${old ? 'old_' : ''}${field}`;

/** The session cookies of a context (token, role, uuid, type, email), by field name. */
export async function sessionCookies(context: BrowserContext, old = false): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const cookie of await context.cookies(BASE_URL)) {
    for (const field of ['token', 'role', 'uuid', 'type', 'email']) {
      if (cookie.name === cookieKey(field, old)) out[field] = decodeURIComponent(cookie.value);
    }
  }
  return out;
}

/** GET /api/auth/v1/me with a token: the status tells whether the token is live. */
export async function meStatus(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get(`${BASE_URL}/api/auth/v1/me`, { headers: { 'PXL-AUTHORIZATION': token } });
  return response.status();
}

/**
 * Signed-in storage per role, kept for the run (in memory and in AUTH_DIR, which the e2e server
 * wipes at start), so a role signs in through the UI about once per run: login is rate limited
 * per IP (60 per 5 minutes). Tests that revoke a token or log out must sign in on their own.
 */
const cache = new Map<Role, StorageState>();
const authFile = (role: Role) => path.join(AUTH_DIR, `${role}.json`);

async function remembered(role: Role): Promise<StorageState | undefined> {
  if (!cache.has(role) && existsSync(authFile(role))) {
    cache.set(role, JSON.parse(await readFile(authFile(role), 'utf8')) as StorageState);
  }
  return cache.get(role);
}

export async function rememberSession(context: BrowserContext, role: Role): Promise<void> {
  const state = await context.storageState();
  cache.set(role, state);
  await mkdir(AUTH_DIR, { recursive: true });
  await writeFile(authFile(role), JSON.stringify(state));
}

/** A new context signed in as the role (remembered storage, else a UI sign-in). */
export async function signedInContext(browser: Browser, role: Role): Promise<BrowserContext> {
  const known = await remembered(role);
  const context = await browser.newContext({ baseURL: BASE_URL, ...(known && { storageState: known }) });
  await recordNotices(context);
  if (known) return context;
  await loginViaUi(await context.newPage(), role);
  await rememberSession(context, role);
  return context;
}
