import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import type { TestApp } from '#test/harness.ts';
import { invoiceItems, invoices } from '../../db/schema.ts';
import { billingCalls, insertConversion, startBillingWorld, type BillingWorld } from './billing.fixtures.ts';

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

const until = async (check: () => Promise<boolean>, what: string) => {
  const deadline = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};
const waitingOnLocks = async () => {
  const { rows } = await t.db.$client.query(
    `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return rows[0].n as number;
};

/**
 * Both generations are held at the conversions' share lock by a transaction that locks one of them, so both have
 * passed every check in code before either writes: only the database's constraint can keep them apart.
 */
const raceOn = async (conversionId: string, body: Record<string, unknown>) => {
  const blocker = await t.db.$client.connect();
  try {
    await blocker.query('begin');
    await blocker.query('select 1 from conversions where id = $1 for update', [conversionId]);
    const both = Promise.all([b.generate(w.admin, body), b.generate(w.head, body)]);
    await until(async () => (await waitingOnLocks()) >= 2, 'both generations to wait');
    await blocker.query('commit');
    return await both;
  } finally {
    blocker.release();
  }
};

const liveItemsOf = async (ids: string[]) =>
  t.db
    .select({ conversionId: invoiceItems.conversionId, n: sql<number>`count(*)::int` })
    .from(invoiceItems)
    .innerJoin(invoices, sql`${invoices.id} = ${invoiceItems.invoiceId}`)
    .where(
      sql`${inArray(invoiceItems.conversionId, ids)} and ${invoiceItems.live} and ${invoices.status} <> 'declined'`,
    )
    .groupBy(invoiceItems.conversionId);

describe('two generations at once never share a conversion', () => {
  it('picked conversions: one creates the invoice, the other gets 409 and writes nothing', async () => {
    const aff = await w.affiliate();
    const ids = [
      await insertConversion(t.db, w.offer.id, { affiliateId: aff.id }),
      await insertConversion(t.db, w.offer.id, { affiliateId: aff.id }),
    ];
    const answers = await raceOn(ids[0], { conversion_uuids: ids });
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const lost = answers.find((a) => a.status === 409)!;
    expect(lost.json).toMatchObject({ status: 'error', data: null, error: { conversion_uuids: expect.any(String) } });
    expect(await liveItemsOf(ids)).toEqual(expect.arrayContaining(ids.map((id) => ({ conversionId: id, n: 1 }))));
    expect((await b.list(w.admin, `?affiliate_uuid=${aff.id}`)).json.data.count).toBe(1);
  });

  it('a period: the same', async () => {
    const aff = await w.affiliate();
    const id = await insertConversion(t.db, w.offer.id, {
      affiliateId: aff.id,
      createdAt: new Date('2026-10-05T12:00:00Z'),
    });
    const answers = await raceOn(id, { date_from: '2026-10-01', date_to: '2026-10-31', affiliate_uuids: [aff.id] });
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await liveItemsOf([id])).toEqual([{ conversionId: id, n: 1 }]);
    expect((await b.list(w.admin, `?affiliate_uuid=${aff.id}`)).json.data.count).toBe(1);
  });

  it('a status change in flight: the generation waits for it and leaves the rejected conversion out', async () => {
    const aff = await w.affiliate();
    const kept = await insertConversion(t.db, w.offer.id, { affiliateId: aff.id });
    const leaving = await insertConversion(t.db, w.offer.id, { affiliateId: aff.id });
    const staff = await t.db.$client.connect();
    try {
      await staff.query('begin');
      await staff.query('select 1 from conversions where id = $1 for update', [leaving]);
      await staff.query(`update conversions set status = 'rejected' where id = $1`, [leaving]);
      const generation = b.generate(w.admin, {
        date_from: '2000-01-01',
        date_to: '2099-12-31',
        affiliate_uuids: [aff.id],
      });
      await until(async () => (await waitingOnLocks()) >= 1, 'the generation to wait');
      await staff.query('commit');
      const res = await generation;
      expect(res.status, res.body).toBe(200);
      expect(res.json.data.list[0].total).toBe(1000);
    } finally {
      staff.release();
    }
    expect(await liveItemsOf([kept, leaving])).toEqual([{ conversionId: kept, n: 1 }]);
  });
});
