import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { call, createUser, PASSWORD, randomIp } from '#test/factories.ts';
import { rateLimits } from '../../db/schema.ts';
import { loginDelayMs } from './auth.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const login = (email: string, password: string, ip = randomIp()) =>
  call(t.app, 'POST', '/api/auth/v1/login', { payload: { email, password }, ip });
const check = (email: string, ip = randomIp()) =>
  call(t.app, 'POST', '/api/auth/v1/check-user-data', { payload: { email }, ip });

const expect429 = (res: Awaited<ReturnType<typeof login>>) => {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({
    status: 'error',
    data: null,
    error: { rate_limit: expect.stringMatching(/Try again/) },
  });
};

describe('login rate limits', () => {
  it('refuses the 11th attempt after 10 failures for one email from one address with 429, even with the right password', async () => {
    const user = await createUser(t.db, { role: 'affiliate' });
    const ip = randomIp();
    for (let i = 0; i < 10; i++) expect((await login(user.email, `wrong-${i}-pass`, ip)).statusCode).toBe(401);
    expect429(await login(user.email, PASSWORD, ip));
    expect429(await login(user.email.toUpperCase(), PASSWORD, ip));
  });

  it('an attacker from another address cannot lock the owner out: the owner still signs in, only slowed', async () => {
    const owner = await createUser(t.db, { role: 'admin' });
    const attacker = randomIp();
    for (let i = 0; i < 10; i++) expect((await login(owner.email, `wrong-${i}-pass`, attacker)).statusCode).toBe(401);
    expect429(await login(owner.email, 'wrong-pass', attacker));
    for (let i = 0; i < 2; i++) expect((await login(owner.email, 'wrong-pass', randomIp())).statusCode).toBe(401);
    // The account's own count (every address) is past its limit: that slows sign-ins and refuses none.
    const [row] = await t.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `login:email:${owner.email}`));
    expect(row.hits).toBe(12);
    expect((await login(owner.email, PASSWORD, randomIp())).statusCode).toBe(200);
  });

  it('slows an account past its limit by a growing, capped delay', () => {
    expect([10, 11, 12, 13, 30].map(loginDelayMs)).toEqual([0, 250, 500, 1000, 4000]);
  });

  it('counts failures only: a success clears the counters', async () => {
    const user = await createUser(t.db, { role: 'affiliate' });
    const ip = randomIp();
    const key = `login:pair:${user.email}:${ip}`;
    const hits = async () => (await t.db.select().from(rateLimits).where(eq(rateLimits.key, key)))[0]?.hits ?? 0;
    expect((await login(user.email, 'wrong-pass', ip)).statusCode).toBe(401);
    expect(await hits()).toBe(1);
    // One failure short of the limit (each failure costs a real scrypt, so the rest are set in the counter).
    await t.db.update(rateLimits).set({ hits: 9 }).where(eq(rateLimits.key, key));
    expect((await login(user.email, PASSWORD, ip)).statusCode).toBe(200);
    expect(await hits()).toBe(0);
    expect((await login(user.email, 'wrong-pass', ip)).statusCode).toBe(401);
    expect(await hits()).toBe(1);
  });

  it('does not lock out other emails', async () => {
    const victim = await createUser(t.db, { role: 'affiliate' });
    const other = await createUser(t.db, { role: 'affiliate' });
    for (let i = 0; i < 10; i++) await login(victim.email, 'wrong-pass');
    expect((await login(other.email, PASSWORD)).statusCode).toBe(200);
  });

  it('refuses the 61st attempt from one IP within 5 minutes (distinct emails)', async () => {
    const ip = randomIp();
    for (let i = 0; i < 3; i++)
      expect((await login(`ip-flood-${i}@test.local`, 'wrong-pass', ip)).statusCode).toBe(401);
    const key = `login:ip:${ip}`;
    const [row] = await t.db.select().from(rateLimits).where(eq(rateLimits.key, key));
    expect(row.hits).toBe(3);
    // Each attempt costs a real scrypt; stand in for 55 more of them in the counter (58), then 2 real ones reach 60.
    await t.db.update(rateLimits).set({ hits: 58 }).where(eq(rateLimits.key, key));
    for (let i = 0; i < 2; i++)
      expect((await login(`ip-flood-x${i}@test.local`, 'wrong-pass', ip)).statusCode).toBe(401);
    const user = await createUser(t.db, { role: 'affiliate' });
    expect429(await login(user.email, PASSWORD, ip));
    expect((await login(user.email, PASSWORD)).statusCode).toBe(200);
  });
});

describe('check-user-data rate limits', () => {
  it('refuses the 11th check of one email within a minute with 429', async () => {
    for (let i = 0; i < 10; i++) expect((await check('same-mail@test.local')).statusCode).toBe(200);
    expect429(await check('same-mail@test.local'));
    expect((await check('another-mail@test.local')).statusCode).toBe(200);
  });

  it('refuses the 31st check from one IP within a minute (distinct emails)', async () => {
    const ip = randomIp();
    for (let i = 0; i < 30; i++) expect((await check(`free-${i}@test.local`, ip)).statusCode).toBe(200);
    expect429(await check('free-last@test.local', ip));
    expect((await check('free-last@test.local')).statusCode).toBe(200);
  });

  it('starts a new window once the old one has passed', async () => {
    for (let i = 0; i < 11; i++) await check('window@test.local');
    expect429(await check('window@test.local'));
    await t.db
      .update(rateLimits)
      .set({ windowStart: new Date(Date.now() - 61_000) })
      .where(eq(rateLimits.key, 'check:email:window@test.local'));
    expect((await check('window@test.local')).statusCode).toBe(200);
  });
});

describe('password recovery rate limit', () => {
  it('refuses a 4th reset request for one email within an hour and sends no 4th mail', async () => {
    const user = await createUser(t.db, { role: 'affiliate' });
    const before = (await t.sentMails()).length;
    for (let i = 0; i < 3; i++) {
      expect(
        (
          await call(t.app, 'POST', '/api/auth/v1/password-recovery', {
            payload: { email: user.email },
            ip: randomIp(),
          })
        ).statusCode,
      ).toBe(200);
    }
    expect429(
      await call(t.app, 'POST', '/api/auth/v1/password-recovery', { payload: { email: user.email }, ip: randomIp() }),
    );
    expect((await t.sentMails()).length - before).toBe(3);
  });
});
