import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, until } from '#test/harness.ts';
import { call, loginAs, signedIn } from '#test/factories.ts';
import { api, type StaffWorld, startStaffWorld } from '../managers/staff.fixtures.ts';

// docs/decisions/040-lock-out-ends-sessions.md: one rule for every account staff manage.

let t: TestApp;
let w: StaffWorld;
beforeAll(async () => {
  ({ t, w } = await startStaffWorld());
});
afterAll(async () => {
  await t?.close();
});

const me = async (token: string) => (await api(t.app, 'GET', '/api/auth/v1/me', token)).status;
const setStatus = async (path: string, id: string, status: string) => {
  const res = await api(t.app, 'POST', `/api/${path}/v1/${id}/status`, w.managerA.token, { status });
  expect(res.status, res.body).toBe(200);
};

describe('a status that may not sign in ends every session, for every role', () => {
  it('an advertiser sent to moderation while signed in gets 401, and approval does not revive the session', async () => {
    const { user, token } = await signedIn(t.app, t.db, { role: 'advertiser', managerId: w.managerA.id });
    expect(await me(token)).toBe(200);
    await setStatus('advertisers', user.id, 'on_moderation');
    expect(await me(token)).toBe(401);
    await setStatus('advertisers', user.id, 'active');
    expect(await me(token)).toBe(401);
    expect(await me(await loginAs(t.app, user.email))).toBe(200);
  });

  it('the same through the advertiser edit form', async () => {
    const { user, token } = await signedIn(t.app, t.db, { role: 'advertiser', managerId: w.managerA.id });
    const edit = (status: string) =>
      api(t.app, 'PUT', `/api/advertisers/v1/${user.id}`, w.managerA.token, {
        email: user.email,
        company: 'Locked Out Ltd',
        status,
      });
    expect((await edit('on_moderation')).status).toBe(200);
    expect((await edit('active')).status).toBe(200);
    expect(await me(token)).toBe(401);
  });

  it('an affiliate sent back to moderation and approved must sign in again', async () => {
    const { user, token } = await signedIn(t.app, t.db, { role: 'affiliate', managerId: w.managerA.id });
    await setStatus('affiliates', user.id, 'on_moderation');
    await setStatus('affiliates', user.id, 'active');
    expect(await me(token)).toBe(401);
  });

  it("a banned affiliate's API key stops at once and works again when the ban is lifted", async () => {
    const { user, token } = await signedIn(t.app, t.db, { role: 'affiliate', managerId: w.managerA.id });
    const created = await call(t.app, 'POST', '/api/account/v1/api-keys', { token, payload: { name: 'Tracker' } });
    expect(created.statusCode, created.body).toBe(200);
    const check = async () =>
      (await call(t.app, 'GET', '/api/lead/v1/check', { headers: { 'x-api-key': created.json().data.key } }))
        .statusCode;
    expect(await check()).toBe(200);
    await setStatus('affiliates', user.id, 'banned');
    expect(await me(token)).toBe(401);
    // Keys are cached per process and dropped on the status change's notification, which arrives apart.
    await until(check, (s) => s === 401, 'the key refused after the ban');
    await setStatus('affiliates', user.id, 'active');
    await until(check, (s) => s === 200, 'the key accepted after the ban is lifted');
    expect(await me(token)).toBe(401);
  });

  it('a deleted manager gets 401 on the next request, and restoring them does not revive the session', async () => {
    const { user, token } = await signedIn(t.app, t.db, { role: 'manager' });
    expect(await me(token)).toBe(200);
    const edit = (status: string) =>
      api(t.app, 'PUT', `/api/managers/v1/${user.id}`, w.admin.token, {
        email: user.email,
        first_name: 'Mona',
        role: 'manager',
        type: 'affiliate',
        status,
      });
    expect((await edit('deleted')).status).toBe(200);
    expect(await me(token)).toBe(401);
    expect((await edit('active')).status).toBe(200);
    expect(await me(token)).toBe(401);
  });
});
