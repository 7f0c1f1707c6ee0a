import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { call, sessionFor, createUser, PASSWORD } from '#test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const PROFILE = '/api/account/v1/profile';
const PAYMENTS = '/api/account/v1/payment-methods';

const signedInAs = async (role: 'affiliate' | 'manager' | 'advertiser') => {
  const user = await createUser(t.db, { role, firstName: 'Ann', lastName: 'Lee', contacts: { telegram: '@ann' } });
  return { user, token: await sessionFor(t.db, user.id) };
};

describe('own profile', () => {
  it('returns the profile with the 2FA flag and nothing secret', async () => {
    const { user, token } = await signedInAs('manager');
    await t.db
      .update(users)
      .set({ totpSecret: 'JBSWY3DPEHPK3PXP', recoveryCodes: ['deadbeef'] })
      .where(eq(users.id, user.id));
    const res = await call(t.app, 'GET', PROFILE, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      email: user.email,
      first_name: 'Ann',
      last_name: 'Lee',
      contacts: { telegram: '@ann' },
      time_zone: null,
      two_factor: true,
    });
    expect(res.body).not.toContain('JBSWY3DPEHPK3PXP');
    expect(res.body).not.toContain('deadbeef');
  });

  it('updates names, contacts and time zone, drops empty contacts and writes profile_update', async () => {
    const { user, token } = await signedInAs('affiliate');
    const res = await call(t.app, 'PUT', PROFILE, {
      token,
      payload: {
        first_name: ' Bea ',
        last_name: 'Ray',
        contacts: { skype: 'bea.ray', telegram: '' },
        time_zone: 'Europe/Kyiv',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      first_name: 'Bea',
      last_name: 'Ray',
      contacts: { skype: 'bea.ray' },
      time_zone: 'Europe/Kyiv',
      two_factor: false,
    });
    const again = await call(t.app, 'GET', PROFILE, { token });
    expect(again.json().data).toMatchObject({
      first_name: 'Bea',
      contacts: { skype: 'bea.ray' },
      time_zone: 'Europe/Kyiv',
    });
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'profile_update'), eq(auditLog.subjectId, user.id)));
    expect(row.details).toEqual({ changed: expect.arrayContaining(['firstName', 'lastName', 'contacts', 'timeZone']) });
  });

  it('keeps the stored contacts and time zone when a request leaves them out', async () => {
    const { token } = await signedInAs('affiliate');
    const payload = { first_name: 'Cy', contacts: { telegram: '@cy' }, time_zone: 'Europe/Berlin' };
    expect((await call(t.app, 'PUT', PROFILE, { token, payload })).statusCode).toBe(200);
    const res = await call(t.app, 'PUT', PROFILE, { token, payload: { first_name: 'Cyd' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      first_name: 'Cyd',
      contacts: { telegram: '@cy' },
      time_zone: 'Europe/Berlin',
    });
  });

  it('cannot change the email through the profile', async () => {
    const { user, token } = await signedInAs('advertiser');
    const res = await call(t.app, 'PUT', PROFILE, { token, payload: { first_name: 'X', email: 'evil@test.local' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.email).toBe(user.email);
  });

  it('refuses a missing first name and an unknown time zone with 400 {field: message}', async () => {
    const { token } = await signedInAs('manager');
    const res = await call(t.app, 'PUT', PROFILE, { token, payload: { first_name: '  ', time_zone: 'Mars/Olympus' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ first_name: 'First name is required', time_zone: 'Unknown time zone' });
  });

  it('needs a session', async () => {
    expect((await call(t.app, 'GET', PROFILE)).statusCode).toBe(401);
  });
});

describe('own payment methods (affiliate)', () => {
  it('stores the list sorted by priority and returns it', async () => {
    const { token } = await signedInAs('affiliate');
    const payment_methods = [
      { system: 'paypal', details: 'me@pay.pal', priority: 2 },
      { system: 'usdt_trc20', details: 'TXYZ', priority: 1 },
    ];
    const res = await call(t.app, 'PUT', PAYMENTS, { token, payload: { payment_methods, password: PASSWORD } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.payment_methods.map((m: { system: string }) => m.system)).toEqual(['usdt_trc20', 'paypal']);
    const got = await call(t.app, 'GET', PAYMENTS, { token });
    expect(got.json().data).toEqual({ payment_methods: [payment_methods[1], payment_methods[0]] });
  });

  it('refuses an unknown system, a duplicate priority, empty details and more than 10 methods', async () => {
    const { token } = await signedInAs('affiliate');
    const put = (payment_methods: unknown[]) =>
      call(t.app, 'PUT', PAYMENTS, { token, payload: { payment_methods, password: PASSWORD } });
    const unknown = await put([{ system: 'gold_bars', details: 'x', priority: 1 }]);
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.json().error)).toContain('Unknown payment system');
    const dup = await put([
      { system: 'btc', details: 'a', priority: 1 },
      { system: 'wire', details: 'b', priority: 1 },
    ]);
    expect(dup.statusCode).toBe(400);
    expect(JSON.stringify(dup.json().error)).toContain('Each payment method needs its own priority');
    const empty = await put([{ system: 'btc', details: ' ', priority: 1 }]);
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json().error)).toContain('Account details are required');
    const many = await put(
      Array.from({ length: 11 }, (_, i) => ({ system: 'btc', details: `w${i}`, priority: i + 1 })),
    );
    expect(many.statusCode).toBe(400);
    expect((await call(t.app, 'GET', PAYMENTS, { token })).json().data.payment_methods).toEqual([]);
  });

  it('is for affiliates only', async () => {
    const { token } = await signedInAs('manager');
    expect((await call(t.app, 'GET', PAYMENTS, { token })).statusCode).toBe(403);
  });
});
