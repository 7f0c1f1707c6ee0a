import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import type { TestApp } from '#test/harness.ts';
import { call, randomIp } from '#test/factories.ts';
import { api, uniqueEmail, type Member } from '../managers/staff.fixtures.ts';
import { invoiceEarning, setReferralTerms, startReferralWorld, type ReferralWorld } from './referrals.fixtures.ts';

let t: TestApp;
let w: ReferralWorld;
beforeAll(async () => {
  ({ t, w } = await startReferralWorld());
  await setReferralTerms(t.db, 10, 6);
});
afterAll(() => t?.close());

const summary = async (m: Member) => api(t.app, 'GET', '/api/referrals/v1/summary', m.token);
const signup = (ref?: string) => {
  const email = uniqueEmail('ref');
  return call(t.app, 'POST', '/api/auth/v1/registration', {
    payload: { email, password: 'signup-pass-1', first_name: 'Ria', accept_terms: true, ...(ref && { ref }) },
    ip: randomIp(),
  }).then(async (res) => ({ res, user: (await t.db.select().from(users).where(eq(users.email, email)))[0] }));
};

describe('GET /api/referrals/v1/summary', () => {
  it('gives the affiliate one short code for good, its link, and the referral terms', async () => {
    const first = await summary(w.referrer);
    expect(first.status).toBe(200);
    const { code } = first.json.data;
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(first.json.data).toMatchObject({ link_path: `/signup?ref=${code}`, percent: 10, months: 6 });
    expect((await summary(w.referrer)).json.data.code).toBe(code);
    expect((await summary(w.affB)).json.data.code).not.toBe(code);
  });

  it('is for affiliates only', async () => {
    for (const m of [w.admin, w.head, w.managerA]) expect((await summary(m)).status).toBe(403);
  });

  it('lists only the caller’s referred affiliates (ID and day, nothing else) and their earnings per currency', async () => {
    const referrer = await w.member({ role: 'affiliate' });
    const mine = await w.referred({ by: referrer.id });
    const theirs = await w.referred({ by: w.affB.id });
    const eur = await w.convert(mine.id, { payout: 1000, currency: 'EUR', status: 'approved' });
    await w.convert(mine.id, { payout: 2000, currency: 'EUR', status: 'approved' });
    await w.convert(mine.id, { payout: 500, currency: 'USD', status: 'approved' });
    const reversed = await w.convert(mine.id, { payout: 9000, currency: 'USD', status: 'approved' });
    await w.setStatus(reversed.id, 'rejected');
    await w.convert(theirs.id, { payout: 7000, currency: 'EUR', status: 'approved' });
    await invoiceEarning(t.db, (await w.earningOf(eur.id)).id, 'approved');

    const data = (await summary(referrer)).json.data;
    expect(data.referred).toEqual([{ uuid: mine.id, joined_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) }]);
    expect(data.earnings).toEqual([
      { currency: 'EUR', earned: 300, paid: 100 },
      { currency: 'USD', earned: 50, paid: 0 },
    ]);
    const other = (await summary(w.affB)).json.data;
    expect(other.referred.map((r: { uuid: string }) => r.uuid)).toEqual([theirs.id]);
    expect(other.earnings).toEqual([{ currency: 'EUR', earned: 700, paid: 0 }]);
  });
});

describe('signup with a referral code', () => {
  it('makes the code’s owner the new affiliate’s referrer', async () => {
    const { code } = (await summary(w.referrer)).json.data;
    const { res, user } = await signup(code.toLowerCase());
    expect(res.statusCode).toBe(200);
    expect(user.referrerId).toBe(w.referrer.id);
    const listed = (await summary(w.referrer)).json.data.referred.map((r: { uuid: string }) => r.uuid);
    expect(listed).toContain(user.id);
  });

  it('ignores an unknown or malformed code and still signs the affiliate up', async () => {
    for (const ref of ['ZZZZZZZZ', 'not a code!', undefined]) {
      const { res, user } = await signup(ref);
      expect(res.statusCode).toBe(200);
      expect(user.referrerId).toBeNull();
    }
  });

  it('ignores the code of a banned affiliate', async () => {
    const banned = await w.member({ role: 'affiliate' });
    const { code } = (await summary(banned)).json.data;
    await t.db.update(users).set({ status: 'banned' }).where(eq(users.id, banned.id));
    expect((await signup(code)).user.referrerId).toBeNull();
  });
});

describe('referral terms in the affiliate settings', () => {
  it('are saved within bounds by the settings API, shown in the summary and used by the next accrual', async () => {
    const put = (body: Record<string, unknown>) =>
      api(t.app, 'PUT', '/api/settings/v1/affiliates', w.admin.token, body);
    const before = (await api(t.app, 'GET', '/api/settings/v1/affiliates', w.admin.token)).json.data;
    for (const [field, value] of [
      ['referral_percent', 51],
      ['referral_percent', -1],
      ['referral_months', 0],
      ['referral_months', 121],
    ] as const) {
      const res = await put({ ...before, [field]: value });
      expect(res.status, `${field} ${value}`).toBe(400);
      expect(Object.keys(res.json.error!)).toEqual([field]);
    }
    try {
      const saved = await put({ ...before, referral_percent: 20, referral_months: 3 });
      expect(saved.status, saved.body).toBe(200);
      expect((await summary(w.referrer)).json.data).toMatchObject({ percent: 20, months: 3 });
      const referred = await w.referred();
      const c = await w.convert(referred.id, { payout: 1000, status: 'approved' });
      expect((await w.earningOf(c.id))?.amount).toBe(200);
    } finally {
      await setReferralTerms(t.db, 10, 6);
    }
  });
});
