import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { sessions } from '../../db/schema.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { call, createUser, loginAs, sessionFor } from '#test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const SESSIONS = '/api/account/v1/sessions';
const ME = '/api/auth/v1/me';
type SessionInfo = { uuid: string; current: boolean; impersonated_by: string | null; user_agent: string | null };
const list = async (token: string) => (await call(t.app, 'GET', SESSIONS, { token })).json().data.list as SessionInfo[];

describe('own sessions', () => {
  it('lists only live sessions, marks the current one and names an impersonator', async () => {
    const manager = await createUser(t.db, { role: 'manager' });
    const user = await createUser(t.db, { role: 'affiliate', managerId: manager.id });
    const current = await loginAs(t.app, user.email);
    await sessionFor(t.db, user.id, manager.id);
    const revoked = await sessionFor(t.db, user.id);
    const expired = await sessionFor(t.db, user.id);
    await t.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.tokenHash, sha256Hex(revoked)));
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, sha256Hex(expired)));

    const items = await list(current);
    expect(items).toHaveLength(2);
    expect(items.filter((s) => s.current)).toHaveLength(1);
    expect(items.find((s) => s.impersonated_by)?.impersonated_by).toBe(manager.email);
    expect(items.find((s) => s.current)?.impersonated_by).toBeNull();
    // Neither the token nor its hash leaves the server.
    expect(JSON.stringify(items)).not.toContain(current);
    expect(JSON.stringify(items)).not.toContain(sha256Hex(current));
  });

  it('revokes an own session: that token stops working, the caller stays signed in', async () => {
    const user = await createUser(t.db, { role: 'advertiser' });
    const current = await sessionFor(t.db, user.id);
    const other = await sessionFor(t.db, user.id);
    const target = (await list(current)).find((s) => !s.current)!;
    const res = await call(t.app, 'DELETE', `${SESSIONS}/${target.uuid}`, { token: current });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call(t.app, 'GET', ME, { token: other })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', ME, { token: current })).statusCode).toBe(200);
    expect((await list(current)).map((s) => s.uuid)).not.toContain(target.uuid);
  });

  it("answers 404 for another user's session and an unknown id, and leaves that session alive", async () => {
    const me = await createUser(t.db, { role: 'manager' });
    const other = await createUser(t.db, { role: 'manager' });
    const myToken = await sessionFor(t.db, me.id);
    const otherToken = await sessionFor(t.db, other.id);
    const otherId = (await list(otherToken))[0].uuid;
    const res = await call(t.app, 'DELETE', `${SESSIONS}/${otherId}`, { token: myToken });
    expect(res.statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', `${SESSIONS}/${randomUUID()}`, { token: myToken })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', ME, { token: otherToken })).statusCode).toBe(200);
  });

  it('may revoke the current session, which then stops working', async () => {
    const user = await createUser(t.db, { role: 'affiliate' });
    const token = await sessionFor(t.db, user.id);
    const self = (await list(token)).find((s) => s.current)!;
    expect((await call(t.app, 'DELETE', `${SESSIONS}/${self.uuid}`, { token })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', ME, { token })).statusCode).toBe(401);
  });
});
