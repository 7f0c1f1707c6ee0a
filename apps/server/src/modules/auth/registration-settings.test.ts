import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { call, createUser, randomIp } from '#test/factories.ts';
import { users } from '../../db/schema.ts';
import { putSettings, uniqueEmail } from '../managers/staff.fixtures.ts';

// Registration settings are global, so this file has its own database and sets them per test.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const setRules = (over: Record<string, unknown>) =>
  putSettings(t.db, 'registration', {
    mode: 'approval',
    required_fields: [],
    terms_required: true,
    allow_advertisers: true,
    ...over,
  });
const register = (over: Record<string, unknown> = {}) =>
  call(t.app, 'POST', '/api/auth/v1/registration', {
    payload: {
      email: uniqueEmail('signup'),
      password: 'signup-pass-1',
      first_name: 'Sam',
      accept_terms: true,
      ...over,
    },
    ip: randomIp(),
  });
const userOf = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0];

describe('registration honours the registration settings', () => {
  it("mode 'closed' refuses every signup with 403 {registration}", async () => {
    await setRules({ mode: 'closed' });
    const email = uniqueEmail('closed');
    const res = await register({ email });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 'error', data: null, error: { registration: 'Registration is closed' } });
    expect(await userOf(email)).toBeUndefined();
  });

  it("mode 'open' makes the account active at once; it can sign in", async () => {
    await setRules({ mode: 'open' });
    const email = uniqueEmail('open');
    const res = await register({ email });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('active');
    expect((await userOf(email)).status).toBe('active');
    const login = await call(t.app, 'POST', '/api/auth/v1/login', {
      payload: { email, password: 'signup-pass-1' },
      ip: randomIp(),
    });
    expect(login.statusCode).toBe(200);
  });

  it("mode 'approval' leaves the account on moderation", async () => {
    await setRules({ mode: 'approval' });
    const res = await register();
    expect(res.json().data.status).toBe('on_moderation');
  });

  it('names every required field left empty', async () => {
    await setRules({ mode: 'open', required_fields: ['last_name', 'telegram', 'skype', 'website'] });
    const res = await register({ last_name: ' ', skype: 'sam.s' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      last_name: 'Last name is required',
      telegram: 'Telegram is required',
      website: 'Website is required',
    });
    const ok = await register({ last_name: 'Reed', telegram: '@sam', skype: 'sam.s', website: 'https://sam.example' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await userOf(ok.json().data.email)).toMatchObject({
      lastName: 'Reed',
      website: 'https://sam.example',
      contacts: { telegram: '@sam', skype: 'sam.s' },
    });
  });

  it('demands accept_terms only when the settings ask for terms', async () => {
    await setRules({ mode: 'open', terms_required: true });
    expect((await register({ accept_terms: false })).statusCode).toBe(400);
    expect((await register({ accept_terms: undefined })).statusCode).toBe(400);
    await setRules({ mode: 'open', terms_required: false });
    expect((await register({ accept_terms: undefined })).statusCode).toBe(200);
  });

  it('refuses advertisers when the settings do not allow them', async () => {
    await setRules({ mode: 'open', allow_advertisers: false });
    const refused = await register({ account: 'advertiser' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toHaveProperty('account');
    await setRules({ mode: 'open', allow_advertisers: true });
    const ok = await register({ account: 'advertiser' });
    expect(ok.statusCode).toBe(200);
    expect((await userOf(ok.json().data.email)).role).toBe('advertiser');
  });

  it('gives new affiliates the affiliate defaults; a deleted default manager is skipped', async () => {
    await setRules({ mode: 'approval' });
    const manager = await createUser(t.db, { role: 'manager' });
    await putSettings(t.db, 'affiliates', {
      default_manager_uuid: manager.id,
      hold_days: 30,
      min_payout: { amount: 25000, currency: 'EUR' },
    });
    const res = await register();
    expect(await userOf(res.json().data.email)).toMatchObject({
      role: 'affiliate',
      managerId: manager.id,
      holdDays: 30,
      minPayoutAmount: 25000,
      minPayoutCurrency: 'EUR',
    });
    await t.db.update(users).set({ status: 'deleted' }).where(eq(users.id, manager.id));
    const later = await register();
    expect(await userOf(later.json().data.email)).toMatchObject({ managerId: null, holdDays: 30 });
  });
});
