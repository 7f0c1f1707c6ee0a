import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TestApp } from '#test/harness.ts';
import { invoiceItems, invoiceLines, invoices, users } from '../../db/schema.ts';
import { readBalance } from './balances.repository.ts';
import { generateInvoices, previewInvoices } from './generate.repository.ts';
import { insertOffer } from '../landings/landings.fixtures.ts';
import { insertConversion, startBillingWorld, type BillingWorld } from './billing.fixtures.ts';

let t: TestApp;
let w: BillingWorld;
beforeAll(async () => {
  ({ t, w } = await startBillingWorld());
});
afterAll(async () => {
  await t?.close();
});

const period = (affiliateIds: string[], over: Record<string, unknown> = {}) => ({
  kind: 'period' as const,
  dateFrom: '2026-10-01',
  dateTo: '2026-10-31',
  affiliateIds,
  timeZone: 'Europe/Kyiv',
  ...over,
});

describe('generation over a period', () => {
  it('groups by offer and goal, keeps the minimum payout, cuts days in the network time zone', async () => {
    const a = await w.affiliate({ minPayoutAmount: 2500 });
    const b = await w.affiliate({ minPayoutAmount: 2500 });
    const at = (iso: string) => new Date(iso);
    // Kyiv is UTC+3 on 2026-10-01 (summer time until Oct 25): 21:30 UTC on Sept 30 is Oct 1 there.
    await insertConversion(t.db, w.offer.id, { affiliateId: a.id, createdAt: at('2026-09-30T21:30:00Z') });
    await insertConversion(t.db, w.offer.id, { affiliateId: a.id, createdAt: at('2026-10-10T10:00:00Z') });
    await insertConversion(t.db, w.offer.id, {
      affiliateId: a.id,
      goal: 'ftd',
      payout: 5000,
      createdAt: at('2026-10-12T10:00:00Z'),
    });
    // Outside: Sept 30 in Kyiv; and Nov 1 in Kyiv (UTC+2 after Oct 25) starts at 22:00 UTC on Oct 31.
    await insertConversion(t.db, w.offer.id, { affiliateId: a.id, createdAt: at('2026-09-30T20:30:00Z') });
    await insertConversion(t.db, w.offer.id, {
      affiliateId: a.id,
      payout: 1500,
      createdAt: at('2026-10-31T22:30:00Z'),
    });
    // Not approved, a test, trafficback: never invoiced.
    await insertConversion(t.db, w.offer.id, {
      affiliateId: a.id,
      status: 'pending',
      createdAt: at('2026-10-10T10:00:00Z'),
    });
    await insertConversion(t.db, w.offer.id, {
      affiliateId: a.id,
      isTest: true,
      createdAt: at('2026-10-10T10:00:00Z'),
    });
    await insertConversion(t.db, w.offer.id, {
      affiliateId: a.id,
      flow: 'trafficback',
      createdAt: at('2026-10-10T10:00:00Z'),
    });
    // b stays under its minimum (10.00 < 25.00).
    await insertConversion(t.db, w.offer.id, { affiliateId: b.id, createdAt: at('2026-10-10T10:00:00Z') });

    const preview = await previewInvoices(t.db, period([a.id, b.id]));
    expect(preview.below_minimum).toBe(1);
    expect(preview.list).toHaveLength(1);
    const [p] = preview.list;
    expect(p).toMatchObject({ currency: 'USD', total: 7000, conversions: 3, payment_system: 'usdt_trc20' });
    expect(p.lines.map((l) => [l.goal, l.count, l.amount])).toEqual([
      ['ftd', 1, 5000],
      ['registration', 2, 2000],
    ]);

    const created = await generateInvoices(t.db, period([a.id, b.id]), w.admin.id, '10.0.0.1');
    expect(created).toHaveLength(1);
    expect(created[0].number).toMatch(/^INV-\d{4}-\d{6}$/);
    const [inv] = await t.db.select().from(invoices).where(eq(invoices.id, created[0].id));
    expect(inv).toMatchObject({
      total: 7000,
      paid: 0,
      status: 'waiting',
      periodFrom: '2026-10-01',
      periodTo: '2026-10-31',
    });
    expect(await t.db.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, inv.id))).toHaveLength(3);
    expect(await t.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, inv.id))).toHaveLength(2);
    expect(await readBalance(t.db, a.id)).toEqual([
      { currency: 'USD', on_hold: 0, pending: 1000, approved_unpaid: 2500, in_invoices: 7000, paid: 0 },
    ]);
    // Nothing left to invoice in that period: a second run creates nothing.
    expect(await generateInvoices(t.db, period([a.id, b.id]), w.admin.id, '10.0.0.1')).toEqual([]);
  });

  it('makes one line per offer and goal: the same goal on two offers is two lines', async () => {
    const a = await w.affiliate();
    const other = await insertOffer(t.db, { currency: 'USD' });
    const on = (offerId: string, goal: string, payout: number) =>
      insertConversion(t.db, offerId, { affiliateId: a.id, goal, payout, createdAt: new Date('2026-10-10T10:00:00Z') });
    await on(w.offer.id, 'registration', 1000);
    await on(w.offer.id, 'registration', 1000);
    await on(other.id, 'registration', 700);
    await on(other.id, 'ftd', 5000);
    const byOffer = (lines: { offerId?: string | null; goal: string | null; count: number; amount: number }[]) =>
      lines.map((l) => [l.offerId === other.id ? 'other' : 'first', l.goal, l.count, l.amount]).sort();
    const [p] = (await previewInvoices(t.db, period([a.id]))).list;
    expect(p.total).toBe(7700);
    expect(
      byOffer(p.lines.map((l) => ({ offerId: l.offer?.uuid, goal: l.goal, count: l.count, amount: l.amount }))),
    ).toEqual([
      ['first', 'registration', 2, 2000],
      ['other', 'ftd', 1, 5000],
      ['other', 'registration', 1, 700],
    ]);
    const [made] = await generateInvoices(t.db, period([a.id]), w.admin.id, '10.0.0.1');
    const stored = await t.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, made.id));
    expect(byOffer(stored)).toEqual([
      ['first', 'registration', 2, 2000],
      ['other', 'ftd', 1, 5000],
      ['other', 'registration', 1, 700],
    ]);
  });

  it('leaves deleted affiliates out', async () => {
    const a = await w.affiliate();
    await insertConversion(t.db, w.offer.id, { affiliateId: a.id, createdAt: new Date('2026-10-10T10:00:00Z') });
    await t.db.update(users).set({ status: 'deleted' }).where(eq(users.id, a.id));
    expect((await previewInvoices(t.db, period([a.id]))).list).toEqual([]);
  });
});
