import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { createUser, loginAs, randomIp } from '#test/factories.ts';
import { ConfigError, loadConfig } from '../../config/config.ts';
import { users } from '../../db/schema.ts';
import { verifyPassword } from '../../lib/tokens.ts';

let t: TestApp;
beforeAll(async () => {
  // The production cost, which the rest of the suite lowers for speed.
  t = await createTestApp({ PASSWORD_HASH_COST: '17' });
});
afterAll(async () => {
  await t?.close();
});

/** A hash as the server made them before the raise: N=16384, r=8, p=1. */
const oldHash = (password: string) => {
  const salt = randomBytes(16);
  return `scrypt$16384$8$1$${salt.toString('base64')}$${scryptSync(password, salt, 64, { N: 16384, r: 8, p: 1 }).toString('base64')}`;
};
const storedHash = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0].passwordHash;

describe('password hash cost', () => {
  it('signs in with an old-parameter hash and rewrites it at N=2^17, r=8, p=1; a wrong password rewrites nothing', async () => {
    const password = 'old-hash-pass-1';
    const before = oldHash(password);
    const user = await createUser(t.db, { role: 'affiliate', passwordHash: before });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/v1/login',
      payload: { email: user.email, password: 'nope-nope-1' },
      remoteAddress: randomIp(),
    });
    expect(wrong.statusCode).toBe(401);
    expect(await storedHash(user.id)).toBe(before);

    await loginAs(t.app, user.email, password);
    const after = await storedHash(user.id);
    expect(after).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword(password, after)).toBe(true);
    // Already at today's cost: the next sign-in leaves it alone.
    await loginAs(t.app, user.email, password);
    expect(await storedHash(user.id)).toBe(after);
  });

  it('negative: a cost below the recommendation is refused outside tests, naming the variable', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PASSWORD_HASH_COST: '14' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', PASSWORD_HASH_COST: '14' })).toThrow(/PASSWORD_HASH_COST/);
    expect(loadConfig({ NODE_ENV: 'production' }).PASSWORD_HASH_COST).toBe(17);
    expect(loadConfig({ NODE_ENV: 'test' }).PASSWORD_HASH_COST).toBe(10);
  });
});
