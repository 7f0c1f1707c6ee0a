import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TestApp } from '#test/harness.ts';
import { billingAdjustments } from '../../db/schema.ts';
import { inTransaction } from '../../lib/audit.ts';
import { addPendingAdjustment } from './index.ts';
import {
  RECONCILED,
  billingCalls,
  insertAdjustment,
  insertConversion,
  startBillingWorld,
  type BillingWorld,
} from './billing.fixtures.ts';

let t: TestApp;
let w: BillingWorld;
let b: ReturnType<typeof billingCalls>;
beforeAll(async () => {
  ({ t, w } = await startBillingWorld());
  b = billingCalls(t.app);
});
afterAll(async () => {
  await t?.close();
});

type Line = { kind: string; amount: number; comment: string; source: string | null };
const OCTOBER = { date_from: '2026-10-01', date_to: '2026-10-31' };
const inOctober = { createdAt: new Date('2026-10-05T12:00:00Z') };

const adjustmentsOf = (affiliateId: string) =>
  t.db
    .select({ amount: billingAdjustments.amount, invoiceId: billingAdjustments.invoiceId })
    .from(billingAdjustments)
    .where(eq(billingAdjustments.affiliateId, affiliateId))
    .orderBy(billingAdjustments.amount);
const adjustmentLines = (lines: Line[]) =>
  lines.filter((l) => l.kind === 'adjustment').map(({ amount, comment, source }) => ({ amount, comment, source }));
const period = async (affiliateId: string) => {
  const res = await b.generate(w.admin, { ...OCTOBER, affiliate_uuids: [affiliateId] });
  expect(res.status, res.body).toBe(200);
  return res.json.data.list as { uuid: string; total: number }[];
};

describe('pending adjustments go into the next invoice', () => {
  it('a period generation takes them as one line per comment; the preview shows the same and writes nothing', async () => {
    const aff = await w.affiliate();
    await insertConversion(t.db, w.offer.id, { affiliateId: aff.id, ...inOctober });
    await insertAdjustment(t.db, aff.id, 300);
    await insertAdjustment(t.db, aff.id, -100);
    await insertAdjustment(t.db, aff.id, -50, { comment: 'Reconciliation: other.csv, 2026-09-01 – 2026-09-30' });

    const preview = await b.preview(w.admin, { ...OCTOBER, affiliate_uuids: [aff.id] });
    expect(preview.status, preview.body).toBe(200);
    const [shown] = preview.json.data.list;
    expect(shown.total).toBe(1150);
    expect(shown.conversions).toBe(1);
    expect(adjustmentLines(shown.lines)).toEqual([
      { amount: -50, comment: 'Reconciliation: other.csv, 2026-09-01 – 2026-09-30', source: 'reconciliation' },
      { amount: 200, comment: RECONCILED, source: 'reconciliation' },
    ]);
    expect((await adjustmentsOf(aff.id)).every((a) => a.invoiceId === null)).toBe(true);

    const [made] = await period(aff.id);
    expect(made.total).toBe(1150);
    expect((await adjustmentsOf(aff.id)).map((a) => a.invoiceId)).toEqual([made.uuid, made.uuid, made.uuid]);
    const staff = await b.get(w.admin, made.uuid);
    expect(staff.json.data.total).toBe(1150);
    const own = await b.myInvoice(aff, made.uuid);
    expect(own.status, own.body).toBe(200);
    for (const view of [staff.json.data, own.json.data])
      expect(adjustmentLines(view.lines)).toEqual(
        expect.arrayContaining(adjustmentLines(shown.lines).map((l) => expect.objectContaining(l))),
      );
    expect(staff.json.data.lines.reduce((s: number, l: Line) => s + l.amount, 0)).toBe(1150);
    // Taken: the next generation finds nothing for this affiliate.
    expect(await period(aff.id)).toEqual([]);
  });

  it('a generation from ticked conversions takes the pending adjustments of that affiliate and currency only', async () => {
    const aff = await w.affiliate();
    const other = await w.affiliate();
    const id = await insertConversion(t.db, w.offer.id, { affiliateId: aff.id });
    await insertAdjustment(t.db, aff.id, 250);
    await insertAdjustment(t.db, aff.id, 400, { currency: 'EUR' });
    await insertAdjustment(t.db, other.id, 700);
    const preview = await b.preview(w.admin, { conversion_uuids: [id] });
    expect(preview.json.data.list[0].total).toBe(1250);
    const res = await b.generate(w.admin, { conversion_uuids: [id] });
    expect(res.status, res.body).toBe(200);
    const inv = res.json.data.list[0];
    expect(inv.total).toBe(1250);
    const lines = (await b.get(w.admin, inv.uuid)).json.data.lines as Line[];
    expect(adjustmentLines(lines)).toEqual([{ amount: 250, comment: RECONCILED, source: 'reconciliation' }]);
    expect((await adjustmentsOf(aff.id)).map((a) => a.invoiceId)).toEqual([inv.uuid, null]);
    expect((await adjustmentsOf(other.id)).map((a) => a.invoiceId)).toEqual([null]);
  });

  it('ticked conversions whose total with the adjustments is below zero are refused, nothing taken', async () => {
    const aff = await w.affiliate();
    const id = await insertConversion(t.db, w.offer.id, { affiliateId: aff.id });
    await insertAdjustment(t.db, aff.id, -1500);
    const res = await b.generate(w.admin, { conversion_uuids: [id] });
    expect(res.status, res.body).toBe(400);
    expect(res.json.error!.conversion_uuids).toBe(
      "The invoice's total would be -5.00 USD with the affiliate's pending adjustments of -15.00 USD; an invoice's total must be above zero",
    );
    expect((await b.preview(w.admin, { conversion_uuids: [id] })).status).toBe(400);
    expect((await adjustmentsOf(aff.id)).map((a) => a.invoiceId)).toEqual([null]);
    expect((await b.list(w.admin, `?affiliate_uuid=${aff.id}`)).json.data.count).toBe(0);
  });
});

describe('the minimum payout counts the adjustments', () => {
  it('adjustments alone reaching the minimum make an invoice', async () => {
    const aff = await w.affiliate({ minPayoutAmount: 5000 });
    await insertAdjustment(t.db, aff.id, 6000);
    const [made] = await period(aff.id);
    expect(made.total).toBe(6000);
    const detail = (await b.get(w.admin, made.uuid)).json.data;
    expect(detail.lines.map((l: Line) => l.kind)).toEqual(['adjustment']);
    expect(detail.period_from).toBe('2026-10-01');
  });

  it('a negative adjustment keeps a sum under the minimum: no invoice, and the adjustment waits', async () => {
    const aff = await w.affiliate({ minPayoutAmount: 5000 });
    await insertConversion(t.db, w.offer.id, { affiliateId: aff.id, payout: 5000, ...inOctober });
    await insertAdjustment(t.db, aff.id, -1000);
    const preview = await b.preview(w.admin, { ...OCTOBER, affiliate_uuids: [aff.id] });
    expect(preview.json.data).toEqual({ list: [], below_minimum: 1 });
    expect(await period(aff.id)).toEqual([]);
    expect(await adjustmentsOf(aff.id)).toEqual([{ amount: -1000, invoiceId: null }]);
    // Without it the conversion alone reaches the minimum.
    await insertConversion(t.db, w.offer.id, { affiliateId: aff.id, payout: 1000, ...inOctober });
    const [made] = await period(aff.id);
    expect(made.total).toBe(5000);
  });
});

describe('declined, deleted, paid and edited invoices', () => {
  it('declining or deleting frees the adjustments for the next invoice; paying leaves them taken', async () => {
    const aff = await w.affiliate();
    await insertAdjustment(t.db, aff.id, 800);
    const [first] = await period(aff.id);
    expect((await b.decline(w.admin, first.uuid)).status).toBe(200);
    expect(await adjustmentsOf(aff.id)).toEqual([{ amount: 800, invoiceId: null }]);
    // The declined invoice still shows what it held.
    expect((await b.get(w.admin, first.uuid)).json.data.total).toBe(800);

    const [second] = await period(aff.id);
    expect(second.total).toBe(800);
    expect(await adjustmentsOf(aff.id)).toEqual([{ amount: 800, invoiceId: second.uuid }]);
    expect((await b.remove(w.admin, second.uuid)).status).toBe(200);
    expect(await adjustmentsOf(aff.id)).toEqual([{ amount: 800, invoiceId: null }]);

    const [third] = await period(aff.id);
    expect((await b.pay(w.admin, third.uuid, 800)).json.data.status).toBe('approved');
    expect(await adjustmentsOf(aff.id)).toEqual([{ amount: 800, invoiceId: third.uuid }]);
    expect(await period(aff.id)).toEqual([]);
  });

  it('an edit replaces the manual adjustments and keeps the reconciliation lines', async () => {
    const aff = await w.affiliate();
    await insertConversion(t.db, w.offer.id, { affiliateId: aff.id, ...inOctober });
    await insertAdjustment(t.db, aff.id, -400);
    const [inv] = await period(aff.id);
    expect(inv.total).toBe(600);
    const edit = (adjustments: { amount: number; comment: string }[]) =>
      b.update(w.admin, inv.uuid, { payment_system: 'wire', adjustments, comment: '' });

    const once = await edit([{ amount: 150, comment: 'Bonus' }]);
    expect(once.status, once.body).toBe(200);
    expect(once.json.data.total).toBe(750);
    expect(adjustmentLines(once.json.data.lines)).toEqual(
      expect.arrayContaining([
        { amount: -400, comment: RECONCILED, source: 'reconciliation' },
        { amount: 150, comment: 'Bonus', source: null },
      ]),
    );
    const cleared = await edit([]);
    expect(cleared.json.data.total).toBe(600);
    expect(adjustmentLines(cleared.json.data.lines)).toEqual([
      { amount: -400, comment: RECONCILED, source: 'reconciliation' },
    ]);
    // The kept line counts when an edit would take the total below zero.
    const below = await edit([{ amount: -700, comment: 'Refund' }]);
    expect(below.status, below.body).toBe(400);
    expect(below.json.error!.adjustments).toBe('The total would be below zero (-1.00 USD)');
    expect(await adjustmentsOf(aff.id)).toEqual([{ amount: -400, invoiceId: inv.uuid }]);
  });
});

describe('balances', () => {
  it('a pending adjustment is approved unpaid money until an invoice takes it', async () => {
    const aff = await w.affiliate();
    const usd = async () =>
      (await b.balance(aff)).json.data.balances.find((x: { currency: string }) => x.currency === 'USD');
    await insertConversion(t.db, w.offer.id, { affiliateId: aff.id, ...inOctober });
    await insertAdjustment(t.db, aff.id, -300);
    expect(await usd()).toMatchObject({ approved_unpaid: 700, in_invoices: 0, paid: 0 });
    const [inv] = await period(aff.id);
    expect(await usd()).toMatchObject({ approved_unpaid: 0, in_invoices: 700, paid: 0 });
    await b.pay(w.admin, inv.uuid, 700);
    expect(await usd()).toMatchObject({ approved_unpaid: 0, in_invoices: 0, paid: 700 });
    await insertAdjustment(t.db, aff.id, 250);
    expect(await usd()).toMatchObject({ approved_unpaid: 250, in_invoices: 0, paid: 700 });
  });
});

describe('one adjustment is taken once', () => {
  const waitingOnLocks = async () => {
    const { rows } = await t.db.$client.query(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    return rows[0].n as number;
  };
  const until = async (check: () => Promise<boolean>, what: string) => {
    const deadline = Date.now() + 60_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  /** Both generations are held at the adjustment's row lock, so both have passed every check before either writes. */
  const raceOn = async (affiliateId: string, bodies: [Record<string, unknown>, Record<string, unknown>]) => {
    const blocker = await t.db.$client.connect();
    try {
      await blocker.query('begin');
      await blocker.query('select 1 from billing_adjustments where affiliate_id = $1 for update', [affiliateId]);
      const both = Promise.all([b.generate(w.admin, bodies[0]), b.generate(w.head, bodies[1])]);
      await until(async () => (await waitingOnLocks()) >= 2, 'both generations to wait');
      await blocker.query('commit');
      return await both;
    } finally {
      blocker.release();
    }
  };

  it('two period generations at once: one invoice takes it, the other finds nothing', async () => {
    const aff = await w.affiliate();
    await insertAdjustment(t.db, aff.id, 700);
    const body = { ...OCTOBER, affiliate_uuids: [aff.id] };
    const answers = await raceOn(aff.id, [body, body]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const made = answers.flatMap((a) => a.json.data.list as { uuid: string; total: number }[]);
    expect(made.map((m) => m.total)).toEqual([700]);
    expect(await adjustmentsOf(aff.id)).toEqual([{ amount: 700, invoiceId: made[0].uuid }]);
    expect((await b.list(w.admin, `?affiliate_uuid=${aff.id}`)).json.data.count).toBe(1);
  });

  it('two generations from different ticked conversions at once: only one invoice carries it', async () => {
    const aff = await w.affiliate();
    const one = await insertConversion(t.db, w.offer.id, { affiliateId: aff.id });
    const two = await insertConversion(t.db, w.offer.id, { affiliateId: aff.id });
    await insertAdjustment(t.db, aff.id, 500);
    const answers = await raceOn(aff.id, [{ conversion_uuids: [one] }, { conversion_uuids: [two] }]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const totals = answers.map((a) => a.json.data.list[0].total as number).sort();
    expect(totals).toEqual([1000, 1500]);
    const carrier = answers.find((a) => a.json.data.list[0].total === 1500)!.json.data.list[0].uuid;
    expect(await adjustmentsOf(aff.id)).toEqual([{ amount: 500, invoiceId: carrier }]);
  });
});

describe('addPendingAdjustment', () => {
  it('stores one adjustment per source row, however often it is called', async () => {
    const aff = await w.affiliate();
    const sourceId = await insertAdjustment(t.db, aff.id, 120);
    await inTransaction(t.db, (tx) =>
      addPendingAdjustment(tx, {
        affiliateId: aff.id,
        currency: 'USD',
        amount: 999,
        comment: 'again',
        source: 'reconciliation',
        sourceId,
        conversionId: null,
        createdBy: w.admin.id,
      }),
    );
    expect(await adjustmentsOf(aff.id)).toEqual([{ amount: 120, invoiceId: null }]);
  });
});
