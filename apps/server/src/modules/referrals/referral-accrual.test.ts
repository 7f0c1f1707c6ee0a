import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_AFFILIATE_DEFAULTS } from '@pxl/contract';
import { eq } from 'drizzle-orm';
import { invoiceItems, invoices, settings } from '../../db/schema.ts';
import type { TestApp } from '#test/harness.ts';
import { api } from '../managers/staff.fixtures.ts';
import { approveDueConversions } from '../tracking/index.ts';
import { invoiceEarning, setReferralTerms, startReferralWorld, type ReferralWorld } from './referrals.fixtures.ts';

let t: TestApp;
let w: ReferralWorld;
beforeAll(async () => {
  ({ t, w } = await startReferralWorld());
});
afterAll(() => t?.close());
beforeEach(() => setReferralTerms(t.db, 10, 12));

describe('referral earnings follow the referred affiliate’s conversions (docs/product/billing.md)', () => {
  it('an approved conversion earns the referrer floor(payout × percent / 100) in its currency', async () => {
    const b = await w.referred();
    const c = await w.convert(b.id, { payout: 1999, currency: 'GBP' });
    expect(await w.earningOf(c.id)).toBeUndefined();
    await w.setStatus(c.id, 'approved');
    expect(await w.earningOf(c.id)).toMatchObject({
      referrerId: w.referrer.id,
      referredId: b.id,
      amount: 199,
      currency: 'GBP',
      status: 'accrued',
    });
    const inserted = await w.convert(b.id, { payout: 500, status: 'approved' });
    expect(await w.earningOf(inserted.id)).toMatchObject({ amount: 50, status: 'accrued' });
  });

  it('uses the contract defaults when the affiliate settings were never saved', async () => {
    await t.db.delete(settings);
    const b = await w.referred();
    const c = await w.convert(b.id, { payout: 10_000, status: 'approved' });
    expect((await w.earningOf(c.id))?.amount).toBe((10_000 * DEFAULT_AFFILIATE_DEFAULTS.referral_percent) / 100);
  });

  it('counts only conversions made within the months after the referred affiliate signed up', async () => {
    const b = await w.referred({ monthsAgo: 14 });
    const late = await w.convert(b.id, { status: 'approved' });
    expect(await w.earningOf(late.id)).toBeUndefined();
    const early = await w.convert(b.id, { createdAt: new Date(Date.now() - 3 * 30.5 * 86_400_000) });
    await w.setStatus(early.id, 'approved');
    expect((await w.earningOf(early.id))?.status).toBe('accrued');
  });

  it('reverses the earning when the conversion is rejected, and accrues it again when re-approved', async () => {
    const b = await w.referred();
    const c = await w.convert(b.id, { status: 'approved' });
    const first = await w.earningOf(c.id);
    await w.setStatus(c.id, 'rejected');
    expect((await w.earningOf(c.id))?.status).toBe('reversed');
    await w.setStatus(c.id, 'approved');
    expect(await w.earningOf(c.id)).toMatchObject({ id: first.id, status: 'accrued', amount: first.amount });
  });

  it('keeps an earning an approved (paid) invoice holds; one in a waiting invoice is reversed', async () => {
    const b = await w.referred();
    const paid = await w.convert(b.id, { status: 'approved' });
    await invoiceEarning(t.db, (await w.earningOf(paid.id)).id, 'approved');
    await w.setStatus(paid.id, 'rejected');
    expect((await w.earningOf(paid.id))?.status).toBe('accrued');
    const waiting = await w.convert(b.id, { status: 'approved' });
    await invoiceEarning(t.db, (await w.earningOf(waiting.id)).id, 'waiting');
    await w.setStatus(waiting.id, 'rejected');
    expect((await w.earningOf(waiting.id))?.status).toBe('reversed');
  });

  it('refuses a staff change of a conversion whose earning waits in an invoice, until that invoice is declined', async () => {
    const b = await w.referred();
    const c = await w.convert(b.id, { status: 'approved' });
    const inv = await invoiceEarning(t.db, (await w.earningOf(c.id)).id, 'waiting');
    const reject = () =>
      api(t.app, 'POST', `/api/conversions/v1/${c.id}/status`, w.admin.token, { status: 'rejected', reason: 'fraud' });
    const refused = await reject();
    expect(refused.status).toBe(409);
    expect(refused.json.error?.status).toContain(inv.number);
    expect((await w.earningOf(c.id))?.status).toBe('accrued');
    await t.db.update(invoices).set({ status: 'declined' }).where(eq(invoices.id, inv.id));
    await t.db.update(invoiceItems).set({ live: false }).where(eq(invoiceItems.invoiceId, inv.id));
    expect((await reject()).status).toBe(200);
    expect((await w.earningOf(c.id))?.status).toBe('reversed');
  });

  it('earns nothing without a referrer, at percent 0, or for test and trafficback conversions', async () => {
    const alone = await w.referred({ by: null });
    expect(await w.earningOf((await w.convert(alone.id, { status: 'approved' })).id)).toBeUndefined();
    const b = await w.referred();
    expect(await w.earningOf((await w.convert(b.id, { status: 'approved', isTest: true })).id)).toBeUndefined();
    const tb = await w.convert(b.id, { status: 'approved', flow: 'trafficback' });
    expect(await w.earningOf(tb.id)).toBeUndefined();
    await setReferralTerms(t.db, 0, 12);
    expect(await w.earningOf((await w.convert(b.id, { status: 'approved' })).id)).toBeUndefined();
  });

  it('catches the staff status change and the hold job, not only direct writes', async () => {
    const b = await w.referred();
    const byStaff = await w.convert(b.id);
    const res = await api(t.app, 'POST', `/api/conversions/v1/${byStaff.id}/status`, w.admin.token, {
      status: 'approved',
      reason: '',
    });
    expect(res.status).toBe(200);
    expect((await w.earningOf(byStaff.id))?.status).toBe('accrued');
    const held = await w.convert(b.id, { holdUntil: new Date(Date.now() - 60_000) });
    await approveDueConversions(t.db);
    expect((await w.earningOf(held.id))?.status).toBe('accrued');
  });
});
