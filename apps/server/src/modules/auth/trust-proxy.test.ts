import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { like } from 'drizzle-orm';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { call } from '#test/factories.ts';
import { loadConfig } from '../../config/config.ts';
import { rateLimits } from '../../db/schema.ts';

let plain: TestApp;
let twoHops: TestApp;
let listed: TestApp;
beforeAll(async () => {
  [plain, twoHops, listed] = await Promise.all([
    createTestApp(),
    createTestApp({ TRUST_PROXY: '2' }),
    createTestApp({ TRUST_PROXY: '10.9.9.0/24, 10.1.1.1' }),
  ]);
});
afterAll(async () => {
  await Promise.all([plain?.close(), twoHops?.close(), listed?.close()]);
});

/** The address the server took for a sign-in, read back from its per-address rate-limit key. */
const seenIp = async (t: TestApp, forwarded: string) => {
  const email = `xff-${Math.random().toString(36).slice(2)}@test.local`;
  await t.db.delete(rateLimits).where(like(rateLimits.key, 'login:ip:%'));
  await call(t.app, 'POST', '/api/auth/v1/login', {
    payload: { email, password: 'wrong-pass' },
    ip: '10.9.9.9',
    headers: { 'x-forwarded-for': forwarded },
  });
  const rows = await t.db.select().from(rateLimits).where(like(rateLimits.key, 'login:ip:%'));
  return rows.map((r) => r.key.slice('login:ip:'.length));
};

describe('TRUST_PROXY', () => {
  it('without it a spoofed X-Forwarded-For is ignored: the socket address counts', async () => {
    expect(await seenIp(plain, '203.0.113.7')).toEqual(['10.9.9.9']);
  });

  it('believes exactly the configured number of hops, never a client-supplied address before them', async () => {
    // The client wrote 198.51.100.1 itself; the two trusted proxies appended 203.0.113.7 and 10.1.1.1.
    expect(await seenIp(twoHops, '198.51.100.1, 203.0.113.7, 10.1.1.1')).toEqual(['203.0.113.7']);
  });

  it('with a list of proxies, believes hops through them and stops at the first address that is not one', async () => {
    expect(await seenIp(listed, '198.51.100.1, 203.0.113.7, 10.1.1.1')).toEqual(['203.0.113.7']);
  });

  it('reads false, true, a count and a list of proxies; refuses anything else naming the variable', () => {
    const read = (v: string) => loadConfig({ TRUST_PROXY: v }).TRUST_PROXY;
    expect([read('false'), read('true'), read('3'), read('10.0.0.5, 10.1.0.0/16,::1')]).toEqual([
      0,
      1,
      3,
      ['10.0.0.5', '10.1.0.0/16', '::1'],
    ]);
    expect(loadConfig({}).TRUST_PROXY).toBe(0);
    expect(() => read('*')).toThrow(/TRUST_PROXY/);
    expect(() => read('10.0.0.0/33')).toThrow(/TRUST_PROXY/);
  });
});
