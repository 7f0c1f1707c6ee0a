import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { call, createUser, PASSWORD, randomIp, sessionFor } from '#test/factories.ts';
import { passwordResets, sessions, settings } from '../../db/schema.ts';
import { sha256Hex } from '../../lib/tokens.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const me = (token: string) => call(t.app, 'GET', '/api/auth/v1/me', { token });

describe('hardening found in review', () => {
  it('refuses parallel wrong-password guesses from one address past the per-(email, address) limit', async () => {
    const user = await createUser(t.db, { role: 'affiliate' });
    const ip = randomIp();
    const attempts = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(t.app, 'POST', '/api/auth/v1/login', { payload: { email: user.email, password: 'wrong-password' }, ip }),
      ),
    );
    const codes = attempts.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(10);
  });

  it('gives impersonation sessions a short life and ends them when the affiliate changes manager', async () => {
    const admin = await createUser(t.db, { role: 'admin' });
    const [managerA, managerB] = [
      await createUser(t.db, { role: 'manager' }),
      await createUser(t.db, { role: 'manager' }),
    ];
    const affiliate = await createUser(t.db, { role: 'affiliate', managerId: managerB.id });
    const res = await call(t.app, 'POST', '/api/auth/v1/get-affiliate-token', {
      token: await sessionFor(t.db, managerB.id),
      payload: { uuid: affiliate.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json().data.token as string;
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256Hex(token)));
    expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(2 * 3600_000);
    const own = await sessionFor(t.db, affiliate.id);
    const moved = await call(t.app, 'PUT', `/api/affiliates/v1/${affiliate.id}`, {
      token: await sessionFor(t.db, admin.id),
      payload: { email: affiliate.email, first_name: 'Moved', manager_uuid: managerA.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
    expect((await me(own)).statusCode).toBe(200);
  });

  it('refuses password and 2FA changes inside an impersonation', async () => {
    const admin = await createUser(t.db, { role: 'admin' });
    const affiliate = await createUser(t.db, { role: 'affiliate' });
    const token = await sessionFor(t.db, affiliate.id, admin.id);
    const setup = await call(t.app, 'POST', '/api/account/v1/2fa/setup', { token });
    expect(setup.statusCode).toBe(403);
    expect(setup.json().error).toHaveProperty('access');
    const pw = await call(t.app, 'POST', '/api/account/v1/password', {
      token,
      payload: { current_password: PASSWORD, new_password: 'another-pass-1' },
    });
    expect(pw.statusCode).toBe(403);
    expect(
      (await call(t.app, 'POST', '/api/account/v1/2fa/setup', { token: await sessionFor(t.db, affiliate.id) }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses a staff member setting their own password through the managers tab', async () => {
    const head = await createUser(t.db, { role: 'head', managerType: 'head' });
    const res = await call(t.app, 'PUT', `/api/managers/v1/${head.id}`, {
      token: await sessionFor(t.db, head.id),
      payload: { email: head.email, first_name: 'Head', role: 'head', type: 'head', password: 'brand-new-pass' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toHaveProperty('password');
  });

  it('keeps a deleted manager deleted when an edit leaves status out', async () => {
    const admin = await createUser(t.db, { role: 'admin' });
    const manager = await createUser(t.db, { role: 'manager', status: 'deleted' });
    const res = await call(t.app, 'PUT', `/api/managers/v1/${manager.id}`, {
      token: await sessionFor(t.db, admin.id),
      payload: { email: manager.email, first_name: 'Gone', role: 'manager', type: 'affiliate' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('deleted');
  });

  it("ends an advertiser's sessions when the edit form deletes it", async () => {
    const admin = await createUser(t.db, { role: 'admin' });
    const advertiser = await createUser(t.db, { role: 'advertiser', company: 'Acme' });
    const token = await sessionFor(t.db, advertiser.id);
    const res = await call(t.app, 'PUT', `/api/advertisers/v1/${advertiser.id}`, {
      token: await sessionFor(t.db, admin.id),
      payload: { email: advertiser.email, company: 'Acme', status: 'deleted' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('applies the default manager when the create form sends an empty picker (null)', async () => {
    const admin = await createUser(t.db, { role: 'admin' });
    const manager = await createUser(t.db, { role: 'manager' });
    await t.db
      .insert(settings)
      .values({
        key: 'affiliates',
        value: { default_manager_uuid: manager.id, hold_days: 7, min_payout: { amount: 100, currency: 'USD' } },
      })
      .onConflictDoUpdate({
        target: settings.key,
        set: {
          value: { default_manager_uuid: manager.id, hold_days: 7, min_payout: { amount: 100, currency: 'USD' } },
        },
      });
    const res = await call(t.app, 'POST', '/api/affiliates/v1/create', {
      token: await sessionFor(t.db, admin.id),
      payload: {
        email: `aff-${Date.now()}@test.local`,
        password: 'affiliate-pass-1',
        first_name: 'Ann',
        manager_uuid: null,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.manager?.uuid).toBe(manager.id);
  });

  it('spends every open reset link of a user once one of them is used', async () => {
    const user = await createUser(t.db, { role: 'affiliate' });
    for (let i = 0; i < 2; i++) {
      const r = await call(t.app, 'POST', '/api/auth/v1/password-recovery', {
        payload: { email: user.email },
        ip: randomIp(),
      });
      expect(r.statusCode).toBe(200);
    }
    const links = (await t.sentMails())
      .filter((m) => m.to === user.email)
      .map((m) => /token=([\w-]+)/.exec(m.text)![1]);
    expect(links).toHaveLength(2);
    expect(
      (
        await call(t.app, 'POST', '/api/auth/v1/password-reset', {
          payload: { token: links[1], password: 'first-new-pass' },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await call(t.app, 'POST', '/api/auth/v1/password-reset', {
          payload: { token: links[0], password: 'second-new-pass' },
        })
      ).statusCode,
    ).toBe(400);
    const open = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(open.every((r) => r.usedAt !== null)).toBe(true);
  });
});
