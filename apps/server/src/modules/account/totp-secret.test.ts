import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config/config.ts';
import { users } from '../../db/schema.ts';
import { createSecrets } from '../../lib/secrets.ts';
import { newTotpSecret, totpCode } from '../../lib/totp.ts';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { call, createUser, PASSWORD, randomIp, sessionFor } from '#test/factories.ts';
import { sealPlainTotpSecrets } from './totp-secret.ts';

// The key the harness gives its app.
const secrets = createSecrets('test-secret-key-0123456789');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const step = () => Math.floor(Date.now() / 30_000);
const login = (email: string, code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/v1/login',
    payload: { email, password: PASSWORD, code },
    remoteAddress: randomIp(),
  });
const rowOf = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];

describe('TOTP secrets at rest', () => {
  it('are stored sealed with the secret key, and a login with a code still works', async () => {
    const user = await createUser(t.db, { role: 'affiliate' });
    const token = await sessionFor(t.db, user.id);
    const { secret } = (await call(t.app, 'POST', '/api/account/v1/2fa/setup', { token })).json().data;
    const pending = (await rowOf(user.id)).totpPendingSecret!;
    expect(pending).not.toContain(secret);
    expect(secrets.decrypt(pending)).toBe(secret);
    expect(
      (await call(t.app, 'POST', '/api/account/v1/2fa/enable', { token, payload: { code: totpCode(secret, step()) } }))
        .statusCode,
    ).toBe(200);
    const stored = (await rowOf(user.id)).totpSecret!;
    expect(stored).not.toContain(secret);
    expect(secrets.decrypt(stored)).toBe(secret);
    const res = await login(user.email, totpCode(secret, step() + 1));
    expect(res.statusCode, res.body).toBe(200);
  });

  it('a plain row from before is sealed when the app starts, and its owner still signs in with a code', async () => {
    const secret = newTotpSecret();
    const pendingOnly = newTotpSecret();
    const user = await createUser(t.db, { role: 'manager', totpSecret: secret });
    const other = await createUser(t.db, { role: 'affiliate', totpPendingSecret: pendingOnly });
    const { app } = await buildApp({
      db: t.db,
      config: loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'postgres://unused/x' }),
      distDir: '/nonexistent',
      secretKey: 'test-secret-key-0123456789',
      jobs: { start: false },
    });
    await app.ready();
    await app.background.started();
    await app.close();
    const sealed = (await rowOf(user.id)).totpSecret!;
    expect(sealed).toMatch(/^v1\./);
    expect(secrets.decrypt(sealed)).toBe(secret);
    expect(secrets.decrypt((await rowOf(other.id)).totpPendingSecret!)).toBe(pendingOnly);
    const res = await login(user.email, totpCode(secret, step()));
    expect(res.statusCode, res.body).toBe(200);
    // Idempotent: nothing left to seal, the sealed value untouched.
    expect(await sealPlainTotpSecrets(t.db, secrets)).toBe(0);
    expect((await rowOf(user.id)).totpSecret).toBe(sealed);
  });

  it('processes starting together seal each plain secret once', async () => {
    await sealPlainTotpSecrets(t.db, secrets);
    const plain = Array.from({ length: 6 }, () => newTotpSecret());
    const ids = await Promise.all(
      plain.map(async (s) => (await createUser(t.db, { role: 'affiliate', totpSecret: s })).id),
    );
    const counts = await Promise.all([
      sealPlainTotpSecrets(t.db, secrets),
      sealPlainTotpSecrets(t.db, secrets),
      sealPlainTotpSecrets(t.db, secrets),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(plain.length);
    for (const [i, id] of ids.entries()) expect(secrets.decrypt((await rowOf(id)).totpSecret!)).toBe(plain[i]);
  });
});
