import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { call, createUser, sessionFor, type UserInput } from '#test/factories.ts';
import { auditLog, users } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const getToken = (token: string, uuid: string) =>
  call(t.app, 'POST', '/api/auth/v1/get-affiliate-token', { token, payload: { uuid } });
const me = (token: string) => call(t.app, 'GET', '/api/auth/v1/me', { token });
const staff = async (input: UserInput) => {
  const user = await createUser(t.db, input);
  return { user, token: await sessionFor(t.db, user.id) };
};
const NOT_FOUND = { status: 'error', data: null, error: { not_found: 'Affiliate not found' } };

describe('POST /api/auth/v1/get-affiliate-token', () => {
  it.each(['admin', 'head'] as const)('lets %s sign in as any affiliate', async (role) => {
    const { token } = await staff({ role });
    const otherManager = await createUser(t.db, { role: 'manager' });
    const affiliate = await createUser(t.db, { role: 'affiliate', managerId: otherManager.id });
    const res = await getToken(token, affiliate.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      token: expect.any(String),
      user_role: 'affiliate',
      uuid: affiliate.id,
      type: 'affiliate',
      email: affiliate.email,
    });
  });

  it('lets a manager sign in as their own affiliate', async () => {
    const { user: manager, token } = await staff({ role: 'manager' });
    const affiliate = await createUser(t.db, { role: 'affiliate', managerId: manager.id });
    expect((await getToken(token, affiliate.id)).statusCode).toBe(200);
  });

  it("refuses a manager another manager's affiliate with 404", async () => {
    const { token } = await staff({ role: 'manager' });
    const otherManager = await createUser(t.db, { role: 'manager' });
    const affiliate = await createUser(t.db, { role: 'affiliate', managerId: otherManager.id });
    const res = await getToken(token, affiliate.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
  });

  it('refuses a uuid that is not an affiliate (an advertiser, a manager, nobody) with 404', async () => {
    const { user: manager, token } = await staff({ role: 'manager' });
    const advertiser = await createUser(t.db, { role: 'advertiser', managerId: manager.id });
    for (const uuid of [advertiser.id, manager.id, randomUUID()]) {
      const res = await getToken(token, uuid);
      expect(res.statusCode, uuid).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
  });

  it('lets a team lead sign in as an affiliate of a manager in their team', async () => {
    const { user: lead, token } = await staff({ role: 'team_lead' });
    const manager = await createUser(t.db, { role: 'manager', teamLeadId: lead.id });
    const affiliate = await createUser(t.db, { role: 'affiliate', managerId: manager.id });
    expect((await getToken(token, affiliate.id)).statusCode).toBe(200);
  });

  it('refuses a team lead an affiliate outside their team with 404', async () => {
    const { token } = await staff({ role: 'team_lead' });
    const otherLead = await createUser(t.db, { role: 'team_lead' });
    const manager = await createUser(t.db, { role: 'manager', teamLeadId: otherLead.id });
    const affiliate = await createUser(t.db, { role: 'affiliate', managerId: manager.id });
    const loose = await createUser(t.db, {
      role: 'affiliate',
      managerId: (await createUser(t.db, { role: 'manager' })).id,
    });
    expect((await getToken(token, affiliate.id)).statusCode).toBe(404);
    expect((await getToken(token, loose.id)).statusCode).toBe(404);
  });

  it.each(['affiliate', 'advertiser'] as const)('refuses a %s caller with 403', async (role) => {
    const { token } = await staff({ role });
    const affiliate = await createUser(t.db, { role: 'affiliate' });
    const res = await getToken(token, affiliate.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 'error', error: { access: expect.any(String) } });
  });

  it('refuses without a token (401) and a malformed uuid (400 {uuid})', async () => {
    expect(
      (await call(t.app, 'POST', '/api/auth/v1/get-affiliate-token', { payload: { uuid: randomUUID() } })).statusCode,
    ).toBe(401);
    const { token } = await staff({ role: 'admin' });
    const res = await getToken(token, 'not-a-uuid');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ uuid: 'uuid must be a UUID' });
  });

  it('refuses a banned affiliate', async () => {
    const { token } = await staff({ role: 'admin' });
    const affiliate = await createUser(t.db, { role: 'affiliate', status: 'banned' });
    const res = await getToken(token, affiliate.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.uuid).toMatch(/banned/);
  });

  it('refuses a deleted affiliate with 404', async () => {
    const { token } = await staff({ role: 'admin' });
    const affiliate = await createUser(t.db, { role: 'affiliate', status: 'deleted' });
    expect((await getToken(token, affiliate.id)).statusCode).toBe(404);
  });
});

describe('the impersonation session', () => {
  const setUp = async () => {
    const { user: manager, token: staffToken } = await staff({ role: 'manager' });
    const { user: affiliate, token: ownToken } = await staff({ role: 'affiliate', managerId: manager.id });
    const res = await getToken(staffToken, affiliate.id);
    expect(res.statusCode).toBe(200);
    return { manager, staffToken, affiliate, ownToken, affToken: res.json().data.token as string };
  };

  it('acts as the affiliate, with impersonated_by naming the staff user', async () => {
    const { manager, affiliate, affToken } = await setUp();
    const res = await me(affToken);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      uuid: affiliate.id,
      role: 'affiliate',
      impersonated_by: { uuid: manager.id, email: manager.email },
    });
  });

  it('is not allowed to impersonate again from inside an impersonation', async () => {
    const { affToken, affiliate } = await setUp();
    // The affiliate role is refused by the endpoint's roles before anything else.
    expect((await getToken(affToken, affiliate.id)).statusCode).toBe(403);
  });

  it('writes an impersonation audit row with the staff user as actor', async () => {
    const { manager, affiliate } = await setUp();
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'impersonation'), eq(auditLog.subjectId, affiliate.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: manager.id, details: { affiliate_email: affiliate.email } });
  });

  it('logging out of it revokes only the affiliate token', async () => {
    const { staffToken, ownToken, affToken, manager } = await setUp();
    expect((await call(t.app, 'GET', '/api/auth/v1/logout', { token: affToken })).statusCode).toBe(200);
    expect((await me(affToken)).statusCode).toBe(401);
    expect((await me(staffToken)).json().data.uuid).toBe(manager.id);
    expect((await me(ownToken)).statusCode).toBe(200);
  });

  it('stops working when the affiliate is banned', async () => {
    const { affToken, affiliate } = await setUp();
    await t.db.update(users).set({ status: 'banned' }).where(eq(users.id, affiliate.id));
    expect((await me(affToken)).statusCode).toBe(401);
  });

  it('stops working when the staff user who opened it is deleted', async () => {
    const { affToken, manager, ownToken } = await setUp();
    await t.db.update(users).set({ status: 'deleted' }).where(eq(users.id, manager.id));
    expect((await me(affToken)).statusCode).toBe(401);
    expect((await me(ownToken)).statusCode).toBe(200);
  });
});
