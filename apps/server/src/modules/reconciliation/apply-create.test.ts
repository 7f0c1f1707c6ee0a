// The conversions an apply makes from missing_here rows, against the postbacks and other imports of the same report
// (docs/product/reconciliation.md, "Apply"; docs/decisions/059-reconciliation-apply.md), and what our side counts.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Goal } from '@pxl/contract';
import type { TestApp } from '#test/harness.ts';
import { conversions, leads, offerCaps, offers, users } from '../../db/schema.ts';
import { postbackTokenColumns } from '../advertisers/index.ts';
import { api, type Member } from '../managers/staff.fixtures.ts';
import { classifyImport } from './index.ts';
import {
  createMatchWorld,
  fileRow,
  insertParsedImport,
  matchCalls,
  startMatchWorld,
  type MatchWorld,
} from './match.fixtures.ts';
import type { FileRow } from './classify.ts';

let t: TestApp;
let w: MatchWorld;
afterAll(() => t?.close());
beforeAll(async () => {
  ({ t, w } = await startMatchWorld());
});

const GOALS: Goal[] = [
  { goal: 'registration', payment_type: 'cpa', revenue: 500, payout: 300, payout_percent: 0, geo_rates: [] },
];

/** Each test its own advertiser (with a postback token), so one test's conversions are never another's. */
const scene = async () => {
  const s = await createMatchWorld(t.db);
  await t.db.update(offers).set({ goals: GOALS }).where(eq(offers.id, s.offer.id));
  const token = `adv-token-${randomUUID()}`;
  await t.db.update(users).set(postbackTokenColumns(token)).where(eq(users.id, s.adv.id));
  const importOf = async (rows: FileRow[]) => {
    const id = await insertParsedImport(t.db, s.adv.id, w.admin.id, rows);
    await classifyImport(t.db, id);
    return id;
  };
  /** The advertiser's postback for the click, as their server sends it: no txid unless given. */
  const postback = (click: string, query = '') =>
    t.app.inject({ url: `/postback?click_id=${click}&token=${token}${query}` });
  const rowsOf = async (importId: string) =>
    (await matchCalls(t.app).rows(w.admin, importId, '?count=100')).json.data.list as {
      uuid: string;
      bucket: string;
      applied: { kind: string; conversion_uuid: string | null } | null;
    }[];
  return { ...s, importOf, postback, rowsOf };
};

const apply = (m: Member, importId: string, buckets = ['missing_here']) =>
  api(t.app, 'POST', `/api/reconciliation/v1/imports/${importId}/apply`, m.token, { buckets });
const onClick = (click: string) => t.db.select().from(conversions).where(eq(conversions.clickId, click));

describe('reconciliation apply: conversions made from missing_here rows', () => {
  it('a postback arriving after the classification: the apply makes no second conversion on the click', async () => {
    const s = await scene();
    const [bare, withTx] = [await s.click(), await s.click()];
    const importId = await s.importOf([
      fileRow(1, { click_id: bare }),
      fileRow(2, { click_id: withTx, txid: 'ORD-2' }),
    ]);
    expect((await s.rowsOf(importId)).map((r) => r.bucket)).toEqual(['missing_here', 'missing_here']);
    // The advertiser re-sends the lost postbacks, without a txid, before anyone applies the stale classification.
    for (const c of [bare, withTx]) expect((await s.postback(c)).statusCode).toBe(200);
    const res = await apply(s.admin, importId);
    expect(res.status, res.body).toBe(200);
    expect(res.json.data).toMatchObject({ applied: 2, conversions_created: 0 });
    for (const c of [bare, withTx]) expect(await onClick(c)).toHaveLength(1);
    const shown = await s.rowsOf(importId);
    expect(shown[0].applied).toMatchObject({ kind: 'unchanged', conversion_uuid: (await onClick(bare))[0].id });
  });

  it('the same report imported twice and applied on both makes one conversion per click', async () => {
    const s = await scene();
    const [a, b, c] = [await s.click(), await s.click(), await s.click()];
    const rows = [fileRow(1, { click_id: a }), fileRow(2, { click_id: b, txid: 'ORD-B' }), fileRow(3, { click_id: c })];
    const first = await s.importOf(rows);
    const second = await s.importOf(rows);
    const one = await apply(s.admin, first);
    expect(one.json.data).toMatchObject({ applied: 3, conversions_created: 3 });
    const two = await apply(s.head, second);
    expect(two.status, two.body).toBe(200);
    expect(two.json.data).toMatchObject({ applied: 3, conversions_created: 0 });
    for (const x of [a, b, c]) expect(await onClick(x)).toHaveLength(1);
  });

  it('two reports applied at once, each making the conversion: one of them makes it', async () => {
    const s = await scene();
    const clicks = [await s.click(), await s.click(), await s.click()];
    const rows = clicks.map((c, i) => fileRow(i + 1, { click_id: c }));
    const [x, y] = [await s.importOf(rows), await s.importOf([...rows].reverse())];
    const both = await Promise.all([apply(s.admin, x), apply(s.head, y)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both.map((r) => r.json.data.conversions_created).sort()).toEqual([0, 3]);
    for (const c of clicks) expect(await onClick(c)).toHaveLength(1);
  });

  it('a postback re-sent after the apply is the conversion the apply made, not a second one', async () => {
    const s = await scene();
    const click = await s.click();
    const importId = await s.importOf([fileRow(1, { click_id: click, status: 'pending' })]);
    expect((await apply(s.admin, importId)).json.data).toMatchObject({ conversions_created: 1 });
    const [made] = await onClick(click);
    expect(made.txid).toBe('');
    const res = await s.postback(click, '&status=approved');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.created).toBe(false);
    expect(await onClick(click)).toEqual([expect.objectContaining({ id: made.id, status: 'approved' })]);
  });

  it("the made conversion inherits the fraud reasons of the click's lead, as a postback's does", async () => {
    const s = await scene();
    const click = await s.click();
    const reason = { code: 'lead_phone_invalid', weight: 30, detail: 'Phone number is not valid' };
    await t.db
      .insert(leads)
      .values({ offerId: s.offer.id, affiliateId: s.affiliate.id, clickId: click, fraudReasons: [reason] });
    const importId = await s.importOf([fileRow(1, { click_id: click })]);
    expect((await apply(s.admin, importId)).status).toBe(200);
    const [made] = await onClick(click);
    expect(made.fraudReasons).toEqual([expect.objectContaining({ code: 'lead_phone_invalid' })]);
    expect(made.fraudScore).toBeGreaterThan(0);
  });

  it('a full conversion cap does not turn the made conversion into trafficback: the advertiser counted it', async () => {
    const s = await scene();
    const [first, second] = [await s.click(), await s.click()];
    await t.db.insert(offerCaps).values({ offerId: s.offer.id, metric: 'conversions', period: 'total', limit: 1 });
    // The cap is full: a postback now goes to trafficback (docs/decisions/059-reconciliation-apply.md).
    expect((await s.postback(first)).json().data.flow).toBe('accepted');
    expect((await s.postback(second, '&txid=LATE')).json().data.flow).toBe('trafficback');
    const other = await s.click();
    const importId = await s.importOf([fileRow(1, { click_id: other })]);
    expect((await apply(s.admin, importId)).json.data).toMatchObject({ conversions_created: 1 });
    expect(await onClick(other)).toEqual([expect.objectContaining({ flow: 'accepted', payout: 300 })]);
  });
});

describe('our side of a reconciliation', () => {
  it('a trafficback conversion of the period is in no bucket and not in our total', async () => {
    const s = await scene();
    const [kept, capped] = [await s.click(), await s.click()];
    await s.conversion({ clickId: kept });
    const tb = await s.conversion({ clickId: capped, flow: 'trafficback', payout: 0, revenue: 700 });
    const importId = await s.importOf([fileRow(1, { click_id: kept })]);
    const detail = await matchCalls(t.app).get(s.admin, importId);
    const summary = detail.json.data.summary;
    expect(summary).toMatchObject({ our_conversions: 1, ours: { USD: 500 }, theirs: { USD: 500 } });
    expect(summary.buckets.missing_there.count).toBe(0);
    const rows = (await matchCalls(t.app).rows(s.admin, importId)).json.data.list as { conversion_uuid: string }[];
    expect(rows.map((r) => r.conversion_uuid)).not.toContain(tb);
    expect(await t.db.select().from(conversions).where(eq(conversions.id, tb))).toHaveLength(1);
  });
});

describe('an import left parsed', () => {
  it('is classified when it is read, and can then be applied', async () => {
    const s = await scene();
    const click = await s.click();
    await s.conversion({ clickId: click });
    const importId = await insertParsedImport(t.db, s.adv.id, w.admin.id, [
      fileRow(1, { click_id: click, status: 'rejected' }),
    ]);
    const detail = await matchCalls(t.app).get(s.admin, importId);
    expect(detail.status, detail.body).toBe(200);
    expect(detail.json.data).toMatchObject({ state: 'classified', summary: { file_rows: 1 } });
    const res = await apply(s.admin, importId, ['status_differs']);
    expect(res.status, res.body).toBe(200);
    expect(res.json.data).toMatchObject({ applied: 1, conversions_changed: 1 });
  });
});
