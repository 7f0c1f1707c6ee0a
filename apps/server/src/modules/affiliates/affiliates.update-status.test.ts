import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { call, createUser, sessionFor } from '#test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('editing a partner without a status', () => {
  it('keeps a banned affiliate banned', async () => {
    const admin = await createUser(t.db, { role: 'admin' });
    const token = await sessionFor(t.db, admin.id);
    const affiliate = await createUser(t.db, { role: 'affiliate', status: 'banned', firstName: 'Ben' });
    const res = await call(t.app, 'PUT', `/api/affiliates/v1/${affiliate.id}`, {
      token,
      payload: { email: affiliate.email, first_name: 'Benny' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ first_name: 'Benny', status: 'banned' });
  });

  it('keeps an inactive advertiser inactive', async () => {
    const admin = await createUser(t.db, { role: 'admin' });
    const token = await sessionFor(t.db, admin.id);
    const advertiser = await createUser(t.db, { role: 'advertiser', status: 'not_active', company: 'Acme' });
    const res = await call(t.app, 'PUT', `/api/advertisers/v1/${advertiser.id}`, {
      token,
      payload: { email: advertiser.email, company: 'Acme Ltd' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ company: 'Acme Ltd', status: 'not_active' });
  });
});
