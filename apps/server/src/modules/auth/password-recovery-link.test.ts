import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { createUser, randomIp } from '#test/factories.ts';

// No PUBLIC_URL here: the reset link must not be built from headers the requester controls.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PORT: '3456' });
});
afterAll(async () => {
  await t?.close();
});

const recover = (email: string, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/v1/password-recovery',
    payload: { email },
    headers,
    remoteAddress: randomIp(),
  });

describe('password reset link without PUBLIC_URL', () => {
  it('refuses to take the link host from a forged Host header (reset poisoning)', async () => {
    const user = await createUser(t.db, { role: 'affiliate' });
    const res = await recover(user.email, { host: 'evil.example' });
    expect(res.statusCode).toBe(200);
    const mail = (await t.sentMails()).find((m) => m.to === user.email)!;
    expect(mail.text).not.toContain('evil.example');
    expect(mail.text).toMatch(/http:\/\/localhost:3456\/password-recovery\?token=[\w-]{40,}/);
  });

  it('refuses to take it from X-Forwarded-Host either', async () => {
    const user = await createUser(t.db, { role: 'affiliate' });
    await recover(user.email, { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' });
    const mail = (await t.sentMails()).find((m) => m.to === user.email)!;
    expect(mail.text).not.toContain('evil.example');
  });
});
