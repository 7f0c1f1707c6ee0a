import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '#test/harness.ts';
import { authHeader } from '#test/factories.ts';
import { users } from '../../db/schema.ts';
import { api, type Member } from '../managers/staff.fixtures.ts';
import { classifyImport } from './index.ts';
import {
  BEFORE,
  PERIOD,
  fileRow,
  insertParsedImport,
  matchCalls,
  startMatchWorld,
  type MatchWorld,
} from './match.fixtures.ts';
import { reconCalls, testMapping } from './reconciliation.fixtures.ts';

const HEADER = [
  'Line',
  'Difference',
  'Click ID',
  'Lead ID',
  'Transaction ID',
  'Your status',
  'Your amount',
  'Your currency',
  'Your date',
  'Our conversion ID',
  'Our status',
  'Our amount',
  'Our currency',
  'Amount difference (theirs − ours)',
];

let t: TestApp;
let w: MatchWorld;
let october: string;
const ids: Record<string, string> = {};

const csv = async (m: Member, uuid: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/reconciliation/v1/imports/${uuid}/differences.csv`,
    headers: authHeader(m.token),
  });
  const records = res.statusCode === 200 ? (parse(res.body.replace(/^\uFEFF/, '')) as string[][]) : [];
  return { res, header: records[0], rows: records.slice(1) };
};
const discrepancy = (m: Member, advertiser: string) =>
  api(t.app, 'GET', `/api/reconciliation/v1/advertisers/${advertiser}/discrepancy`, m.token);

beforeAll(async () => {
  ({ t, w } = await startMatchWorld());
  await t.db.update(users).set({ company: 'Ünïcorn Média & Co' }).where(eq(users.id, w.adv.id));
  const [a, b, c, d, lost, f, g, lead] = [
    await w.click(),
    await w.click(),
    await w.click(),
    await w.click(),
    await w.click(),
    await w.click(),
    await w.click(BEFORE),
    await w.lead(),
  ];
  Object.assign(ids, { a, b, c, d, lost, f, g });
  ids.matched = await w.conversion({ clickId: a, txid: 'T-A' });
  ids.status = await w.conversion({ clickId: b });
  ids.amount = await w.conversion({ clickId: c });
  ids.currency = await w.conversion({ clickId: d });
  ids.missingThere = await w.conversion({ clickId: f, revenue: 800, txid: 'OUR-F' });
  ids.outside = await w.conversion({ clickId: g, createdAt: BEFORE });
  ids.byLead = await w.conversion({ leadId: lead });
  october = await insertParsedImport(t.db, w.adv.id, w.admin.id, [
    fileRow(1, { click_id: a, txid: 'T-A' }),
    fileRow(2, { click_id: b, status: 'rejected' }),
    fileRow(3, { click_id: c, amount: 450 }),
    fileRow(4, { click_id: d, currency: 'EUR' }),
    fileRow(5, { click_id: lost }),
    fileRow(6, { click_id: a.toUpperCase(), txid: 'T-A' }),
    fileRow(7, { click_id: (ids.unknown = randomUUID()) }),
    fileRow(8, { click_id: g, date: null }),
    fileRow(9, { lead_id: lead }),
    // Their own text reaches the file: each would run as a formula in a spreadsheet.
    fileRow(10, { txid: '=HYPERLINK("http://evil.test","x")' }),
    fileRow(11, { txid: '+1+2' }),
    fileRow(12, { txid: '-3+4' }),
    fileRow(13, { txid: '@SUM(A1)' }),
    fileRow(14, { txid: '\tcmd' }),
    fileRow(15, { txid: '\rcmd' }),
  ]);
  await classifyImport(t.db, october);
});
afterAll(() => t.close());

describe('the differences CSV', () => {
  it('is a UTF-8 CSV with a BOM, sent as an attachment named after the advertiser and period', async () => {
    const { res, header } = await csv(w.managerA, october);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="reconciliation-unicorn-media-co-${PERIOD.from}-${PERIOD.to}.csv"`,
    );
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(header).toEqual(HEADER);
  });

  it('has one row per row that is not matched, with the difference in words and the amounts as decimals', async () => {
    const { rows } = await csv(w.admin, october);
    const pick = (r: string[]) => [r[0], r[1], r[2], r[5], r[6], r[7], r[9], r[10], r[11], r[12], r[13]];
    expect(rows.slice(0, 7).map(pick)).toEqual([
      ['2', 'Status differs', ids.b, 'rejected', '5.00', 'USD', ids.status, 'approved', '5.00', 'USD', '0.00'],
      ['3', 'Amount differs', ids.c, 'approved', '4.50', 'USD', ids.amount, 'approved', '5.00', 'USD', '-0.50'],
      ['4', 'Currency differs', ids.d, 'approved', '5.00', 'EUR', ids.currency, 'approved', '5.00', 'USD', ''],
      ['5', 'Missing in our data', ids.lost, 'approved', '5.00', 'USD', '', '', '', '', '5.00'],
      ['6', 'Duplicate in your report', ids.a.toUpperCase(), 'approved', '5.00', 'USD', '', '', '', '', '5.00'],
      ['7', 'Unknown ID', ids.unknown, 'approved', '5.00', 'USD', '', '', '', '', '5.00'],
      ['8', 'Outside the period', ids.g, 'approved', '5.00', 'USD', ids.outside, 'approved', '5.00', 'USD', '0.00'],
    ]);
    expect(rows[0][8]).toBe('2026-10-15T12:00:00.000Z');
    expect(rows[6][8]).toBe('');
    // Our conversion missing from their report: its ids are ours, the amount ours, the difference negative.
    const last = rows[rows.length - 1];
    expect(last).toEqual([
      '',
      'Missing in your report',
      ids.f,
      '',
      'OUR-F',
      '',
      '',
      '',
      '',
      ids.missingThere,
      'approved',
      '8.00',
      'USD',
      '-8.00',
    ]);
    // Lines 1 and 9 are matched: 13 file rows and one conversion of ours.
    expect(rows.map((r) => r[0]).join(' ')).toBe('2 3 4 5 6 7 8 10 11 12 13 14 15 ');
  });

  it('escapes cells that a spreadsheet would run as formulas', async () => {
    const { res, rows } = await csv(w.admin, october);
    expect(rows.slice(7, 13).map((r) => r[4])).toEqual([
      `'=HYPERLINK("http://evil.test","x")`,
      "'+1+2",
      "'-3+4",
      "'@SUM(A1)",
      "'\tcmd",
      "'\rcmd",
    ]);
    // Quoting is the writer's: the formula's quotes are doubled inside a quoted field.
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
  });

  it('is refused outside the caller’s advertisers (404) and to partners (403)', async () => {
    expect((await csv(w.managerB, october)).res.statusCode).toBe(404);
    expect((await csv(w.admin, randomUUID())).res.statusCode).toBe(404);
    const refused = await csv(w.affiliate, october);
    expect(refused.res.statusCode).toBe(403);
    expect(refused.res.json().status).toBe('error');
  });

  it('pages through more differences than one read holds, in order, each row once', async () => {
    // July: 5,001 conversions of ours no row names and 5,002 rows of ids nobody knows, both past a page of 5,000.
    await t.db.execute(sql`insert into conversions (offer_id, affiliate_id, goal, status, revenue, currency, created_at)
      select ${w.offer.id}, ${w.affiliate.id}, 'registration', 'approved', 100, 'USD', '2026-07-15T12:00:00Z'
      from generate_series(1, 5001)`);
    const july = await insertParsedImport(
      t.db,
      w.adv.id,
      w.admin.id,
      Array.from({ length: 5002 }, (_, i) => fileRow(i + 1, { click_id: randomUUID(), date: null })),
    );
    await t.db.execute(sql`update reconciliation_imports set period_from = '2026-07-01', period_to = '2026-07-31'
      where id = ${july}`);
    await classifyImport(t.db, july);
    const { rows } = await csv(w.head, july);
    const file = rows.filter((r) => r[0] !== '');
    const missing = rows.filter((r) => r[0] === '');
    expect(file.map((r) => Number(r[0]))).toEqual(Array.from({ length: 5002 }, (_, i) => i + 1));
    expect(missing.length).toBe(5001);
    expect(new Set(missing.map((r) => r[9])).size).toBe(5001);
    expect(rows.slice(0, file.length)).toEqual(file);
    expect(new Set(missing.map((r) => r[1]))).toEqual(new Set(['Missing in your report']));
  });
});

describe('the discrepancy per period', () => {
  let september: string;
  let august: string;

  beforeAll(async () => {
    const click = await w.click(BEFORE);
    await w.conversion({ clickId: click, revenue: 3000, createdAt: BEFORE });
    const upload = async (from: string, to: string, lines: string[]) => {
      const res = await reconCalls(t.app).upload(w.managerA, {
        file: Buffer.from(['Click ID,Order,Status,Amount,Currency,Date', ...lines].join('\n')),
        advertiser: w.adv.id,
        mapping: testMapping(),
        period_from: from,
        period_to: to,
      });
      expect(res.status, res.body).toBe(200);
      return res.json.data.uuid as string;
    };
    // September: ours 30.00 + 5.00; theirs 29.88 + 5.00, a difference of −0.12.
    september = await upload('2026-09-01', '2026-09-30', [
      `${click},,approved,29.88,USD,2026-09-10`,
      `${ids.g},,approved,5.00,USD,2026-09-10`,
    ]);
    // August: nothing of ours, one row of theirs.
    august = await upload('2026-08-01', '2026-08-31', [`${randomUUID()},,approved,5.00,USD,2026-08-10`]);
  });

  it('equals each import’s summary, per currency, oldest period first', async () => {
    const res = await discrepancy(w.managerA, w.adv.id);
    expect(res.status, res.body).toBe(200);
    const items = res.json.data.items as any[];
    expect(items.map((i) => i.period_from)).toEqual(items.map((i) => i.period_from).sort());
    expect(items.map((i) => i.import_uuid)).toEqual(expect.arrayContaining([august, september, october]));
    for (const item of items) {
      const { summary } = (await matchCalls(t.app).get(w.admin, item.import_uuid)).json.data;
      expect(item.ours).toBe(summary.ours[item.currency] ?? 0);
      expect(item.theirs).toBe(summary.theirs[item.currency] ?? 0);
      expect(item.difference).toBe(summary.difference[item.currency]);
      expect(item.difference).toBe(item.theirs - item.ours);
    }
    const of = (uuid: string) =>
      items.filter((i) => i.import_uuid === uuid).map((i) => [i.currency, i.ours, i.theirs, i.discrepancy_percent]);
    // |−12| ÷ 3500 = 0.34 %; 3150 ÷ 3300 = 95.45 %; no base of ours in EUR or in August.
    expect(of(september)).toEqual([['USD', 3500, 3488, 0.3]]);
    expect(of(october)).toEqual([
      ['EUR', 0, 500, null],
      ['USD', 3300, 6450, 95.5],
    ]);
    expect(of(august)).toEqual([['USD', 0, 500, null]]);
  });

  it('is refused outside the caller’s advertisers (404) and to partners (403)', async () => {
    expect((await discrepancy(w.head, w.adv.id)).status).toBe(200);
    expect((await discrepancy(w.managerB, w.adv.id)).status).toBe(404);
    expect((await discrepancy(w.admin, w.affiliate.id)).status).toBe(404);
    expect((await discrepancy(w.affiliate, w.adv.id)).status).toBe(403);
  });
});
