import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { INVOICE_STATUSES } from '@pxl/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { sessionFor } from '../../test/factories.ts';
import { readBalances } from '../modules/billing/index.ts';
import { seedDemo } from './demo.ts';

// The small volume of demo.test.ts; one end of the window for the whole file.
const TRAFFIC = { clicks: 20_000, now: Date.now() };

let t: TestApp;
let ids: Map<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  ids = await seedDemo(t.db, TRAFFIC);
});
afterAll(async () => {
  await t?.close();
});

const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await t.db.execute<T>(query)).rows;

describe('the demo billing', () => {
  it('has invoices in every status, of several affiliates, in all three currencies', async () => {
    const invoices = await rows<{ status: string; currency: string; affiliate_id: string }>(
      sql`select status, currency, affiliate_id from invoices`,
    );
    expect(new Set(invoices.map((v) => v.status))).toEqual(new Set(INVOICE_STATUSES));
    expect(new Set(invoices.map((v) => v.currency))).toEqual(new Set(['EUR', 'UAH', 'USD']));
    expect(new Set(invoices.map((v) => v.affiliate_id)).size).toBeGreaterThanOrEqual(4);
  });

  it('was made through the billing module: payments, items, paid flags and balances agree', async () => {
    const [check] = await rows<Record<string, string>>(sql`select
      count(*) filter (where v.total <> (select sum(l.amount) from invoice_lines l where l.invoice_id = v.id)) as bad_total,
      count(*) filter (where v.paid <> coalesce((select sum(p.amount) from invoice_payments p where p.invoice_id = v.id), 0)) as bad_paid,
      count(*) filter (where v.status = 'partly_paid' and not (v.paid > 0 and v.paid < v.total)) as bad_partly,
      count(*) filter (where v.status = 'approved' and v.paid <> v.total) as bad_approved,
      count(*) filter (where v.status = 'declined' and exists (
        select 1 from invoice_items i where i.invoice_id = v.id and i.live)) as declined_live,
      count(*) filter (where v.status = 'approved' and exists (select 1 from invoice_items i
        join conversions c on c.id = i.conversion_id where i.invoice_id = v.id and not c.paid)) as approved_unpaid_conv,
      (select count(*) from invoice_payments) as payments,
      (select count(*) from invoice_lines where kind = 'adjustment') as adjustments,
      (select count(*) from audit_log where action like 'invoice_%') as audited
      from invoices v`);
    expect(check).toMatchObject({
      bad_total: '0',
      bad_paid: '0',
      bad_partly: '0',
      bad_approved: '0',
      declined_live: '0',
    });
    expect(check.approved_unpaid_conv).toBe('0');
    expect(Number(check.payments)).toBeGreaterThan(2);
    expect(Number(check.adjustments)).toBeGreaterThan(0);
    expect(Number(check.audited)).toBeGreaterThan(Number(check.payments));
    // Every approved payout is in exactly one bucket: unpaid, in an open invoice, or paid (adjustments included).
    const affiliates = await rows<{ id: string }>(sql`select distinct affiliate_id as id from invoices`);
    const balances = await readBalances(
      t.db,
      affiliates.map((a) => a.id),
    );
    const expected = await rows<{ affiliate_id: string; currency: string; amount: string }>(sql`
      select affiliate_id, currency, sum(amount) as amount from (
        select affiliate_id, currency, payout as amount from conversions
          where status = 'approved' and flow = 'accepted' and not is_test
        union all select referrer_id, currency, amount from referral_earnings where status = 'accrued'
        union all select v.affiliate_id, v.currency, l.amount from invoice_lines l join invoices v on v.id = l.invoice_id
          where l.kind = 'adjustment' and v.status <> 'declined') x
      where affiliate_id in (select affiliate_id from invoices) group by 1, 2`);
    for (const e of expected) {
      const b = balances.get(e.affiliate_id)!.find((x) => x.currency === e.currency)!;
      expect(b.approved_unpaid + b.in_invoices + b.paid, `${e.affiliate_id} ${e.currency}`).toBe(Number(e.amount));
    }
  });

  it('has referrals: the demo affiliate and the first partner refer others and earn from them', async () => {
    const earned = await rows<{ email: string; referred: string; earnings: string }>(sql`
      select r.email, (select count(*) from users u where u.referrer_id = r.id) as referred,
        (select count(*) from referral_earnings e where e.referrer_id = r.id and e.status = 'accrued') as earnings
      from users r where r.id in (select referrer_id from users where referrer_id is not null) order by r.email`);
    expect(earned.map((r) => r.email)).toContain('affiliate@demo.test');
    for (const r of earned) expect(Number(r.referred), r.email).toBeGreaterThanOrEqual(2);
    expect(earned.filter((r) => Number(r.earnings) > 0).length).toBe(earned.length);
    const [line] = await rows<{ n: string }>(sql`select count(*) as n from invoice_lines where kind = 'referral'`);
    expect(Number(line.n)).toBeGreaterThan(0);
    // The demo affiliate sees them on its payments and referral screens.
    const token = await sessionFor(t.db, ids.get('affiliate')!);
    for (const url of ['/api/payments/v1/balance', '/api/payments/v1/invoices', '/api/referrals/v1/summary']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'pxl-authorization': token } });
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
    }
  });
});
