import { describe, expect, it } from 'vitest';
import {
  BUCKETS,
  classify,
  summarise,
  type ConversionStatus,
  type FileRow,
  type OurConversion,
  type Period,
} from './classify.ts';

// A seeded generator (mulberry32) instead of a property-testing library: the same seed gives the same sets, and a
// failing seed is printed so it can be replayed.
const rng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const DAY = 86_400_000;
const PERIOD: Period = { start: Date.UTC(2026, 9, 1), end: Date.UTC(2026, 10, 1) };
const STATUSES: ConversionStatus[] = ['pending', 'approved', 'rejected', 'hold'];
const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/** Conversions over a few clicks and leads (several goals on a click), some outside the period, and a file drawn from them. */
const world = (seed: number) => {
  const r = rng(seed);
  const int = (n: number) => Math.floor(r() * n);
  const one = <T>(xs: readonly T[]) => xs[int(xs.length)]!;
  const maybe = <T>(p: number, v: T) => (r() < p ? v : null);
  const ours: OurConversion[] = Array.from({ length: int(40) }, (_, i) => ({
    id: uuid(1_000 + i),
    click_id: maybe(0.8, uuid(int(15))),
    lead_id: maybe(0.3, uuid(100 + int(10))),
    txid: r() < 0.6 ? `tx-${int(30)}` : '',
    status: one(STATUSES),
    revenue: 100 * (1 + int(5)),
    currency: one(['USD', 'EUR']),
    created_at: PERIOD.start + Math.floor((r() * 1.3 - 0.15) * (PERIOD.end - PERIOD.start)),
  }));
  const file: FileRow[] = Array.from({ length: int(50) }, (_, i) => {
    const c = r() < 0.7 && ours.length ? one(ours) : null;
    return {
      line: i + 1,
      click_id: r() < 0.8 ? (c?.click_id ?? maybe(0.5, uuid(int(30)))) : null,
      lead_id: r() < 0.5 ? (c?.lead_id ?? maybe(0.3, uuid(100 + int(20)))) : null,
      txid: r() < 0.6 ? c?.txid || maybe(0.5, `tx-${int(40)}`) : null,
      status: maybe(0.8, r() < 0.7 && c ? c.status : one(STATUSES)),
      amount: maybe(0.9, r() < 0.7 && c ? c.revenue : 100 * int(6)),
      currency: maybe(0.85, r() < 0.85 && c ? c.currency : one(['USD', 'EUR', 'UAH'])),
      date: maybe(0.7, new Date((c?.created_at ?? PERIOD.start) + (r() < 0.1 ? 40 * DAY : 0)).toISOString()),
    };
  });
  const known = {
    clicks: new Set(Array.from({ length: 20 }, (_, i) => uuid(i))),
    leads: new Set(Array.from({ length: 12 }, (_, i) => uuid(100 + i))),
  };
  return { ours, file, known };
};

const inPeriod = (c: OurConversion) => c.created_at >= PERIOD.start && c.created_at < PERIOD.end;

describe('classification', () => {
  it('puts every row and every conversion of the period in one bucket, and explains the whole difference', () => {
    for (let seed = 1; seed <= 500; seed++) {
      const { ours, file, known } = world(seed);
      const rows = classify(file, ours, PERIOD, known);
      const summary = summarise(rows);
      const where = `seed ${seed}`;
      // Every file row once, in file order.
      expect(
        rows.filter((x) => x.line !== null).map((x) => x.line),
        where,
      ).toEqual(file.map((f) => f.line));
      // Every conversion of the period once; none twice; none outside the period as missing_there.
      const linked = rows.map((x) => x.conversion_id).filter((id) => id !== null);
      expect(new Set(linked).size, where).toBe(linked.length);
      for (const c of ours.filter(inPeriod)) expect(linked, where).toContain(c.id);
      for (const x of rows.filter((y) => y.bucket === 'missing_there'))
        expect(inPeriod(ours.find((c) => c.id === x.conversion_id)!), where).toBe(true);
      expect(summary.our_conversions, where).toBe(ours.filter(inPeriod).length);
      expect(
        BUCKETS.reduce((n, b) => n + summary.buckets[b].count, 0),
        where,
      ).toBe(file.length + rows.filter((x) => x.line === null).length);

      // Our total, computed apart: the period's conversions that are not rejected.
      const ourTotal: Record<string, number> = {};
      for (const c of ours.filter((x) => inPeriod(x) && x.status !== 'rejected'))
        ourTotal[c.currency] = (ourTotal[c.currency] ?? 0) + c.revenue;
      expect(summary.ours, where).toEqual(ourTotal);
      // Their total, computed apart over all currencies (an empty field of theirs takes the matched conversion's).
      let theirSum = 0;
      for (const x of rows.filter((y) => y.data !== null)) {
        const amount = x.data!.amount ?? x.our_amount;
        if (amount !== null && (x.data!.status ?? x.our_status) !== 'rejected') theirSum += amount;
      }
      expect(
        Object.values(summary.theirs).reduce((n, v) => n + v, 0),
        where,
      ).toBe(theirSum);
      // The difference is theirs − ours, and the sum of the listed differences, per currency.
      const currencies = new Set([...Object.keys(summary.theirs), ...Object.keys(summary.ours)]);
      for (const cur of currencies) {
        const diff = (summary.theirs[cur] ?? 0) - (summary.ours[cur] ?? 0);
        expect(summary.difference[cur] ?? 0, `${where} ${cur}`).toBe(diff);
        const listed = BUCKETS.reduce((n, b) => n + (summary.buckets[b].difference[cur] ?? 0), 0);
        expect(listed, `${where} ${cur}`).toBe(diff);
      }
      // A matched row differs in nothing.
      expect(summary.buckets.matched.difference, where).toSatisfy((d: Record<string, number>) =>
        Object.values(d).every((v) => v === 0),
      );
    }
  });

  const c = (over: Partial<OurConversion>): OurConversion => ({
    id: uuid(9_000),
    click_id: uuid(1),
    lead_id: null,
    txid: '',
    status: 'approved',
    revenue: 500,
    currency: 'USD',
    created_at: PERIOD.start + DAY,
    ...over,
  });
  const row = (over: Partial<FileRow>): FileRow => ({
    line: 1,
    click_id: null,
    lead_id: null,
    txid: null,
    status: 'approved',
    amount: 500,
    currency: 'USD',
    date: null,
    ...over,
  });
  const known = { clicks: new Set([uuid(1), uuid(2)]), leads: new Set([uuid(50)]) };
  const bucketsOf = (file: FileRow[], ours: OurConversion[]) =>
    classify(file, ours, PERIOD, known).map((x) => x.bucket);

  it('weighs currency before status before amount', () => {
    const ours = [c({})];
    expect(bucketsOf([row({ click_id: uuid(1), currency: 'EUR', status: 'rejected', amount: 1 })], ours)).toEqual([
      'currency_differs',
    ]);
    expect(bucketsOf([row({ click_id: uuid(1), status: 'rejected', amount: 1 })], ours)).toEqual(['status_differs']);
    expect(bucketsOf([row({ click_id: uuid(1), amount: 1 })], ours)).toEqual(['amount_differs']);
    expect(bucketsOf([row({ click_id: uuid(1).toUpperCase(), status: null, currency: null })], ours)).toEqual([
      'matched',
    ]);
  });

  it('matches by click, then lead, then txid; a second goal of a click by its txid', () => {
    const a = c({ id: uuid(9_001), txid: 'A' });
    const b = c({ id: uuid(9_002), txid: 'B', created_at: PERIOD.start + 2 * DAY, revenue: 700 });
    const byLead = c({ id: uuid(9_003), click_id: null, lead_id: uuid(50) });
    const byTx = c({ id: uuid(9_004), click_id: null, txid: 'T-9' });
    const out = classify(
      [
        row({ line: 1, click_id: uuid(1), txid: 'B', amount: 700 }),
        row({ line: 2, click_id: uuid(1), txid: 'A' }),
        row({ line: 3, click_id: uuid(77), lead_id: uuid(50) }),
        row({ line: 4, txid: 'T-9' }),
      ],
      [a, b, byLead, byTx],
      PERIOD,
      known,
    );
    expect(out.map((x) => [x.bucket, x.conversion_id])).toEqual([
      ['matched', b.id],
      ['matched', a.id],
      ['matched', byLead.id],
      ['matched', byTx.id],
    ]);
  });

  it('tells missing here, unknown, duplicate, outside the period and missing there apart', () => {
    const ours = [
      c({ id: uuid(9_001) }),
      c({ id: uuid(9_002), click_id: uuid(2), created_at: PERIOD.end + DAY }),
      c({ id: uuid(9_003), click_id: null, lead_id: uuid(51) }),
    ];
    expect(
      bucketsOf(
        [
          row({ line: 1, click_id: uuid(1) }),
          row({ line: 2, click_id: uuid(1) }),
          row({ line: 3, click_id: uuid(2) }),
          row({ line: 4, lead_id: uuid(50) }),
          row({ line: 5, click_id: 'not-a-click' }),
          row({ line: 6 }),
          row({ line: 7, txid: 'zz', date: new Date(PERIOD.start - DAY).toISOString() }),
        ],
        ours,
      ),
    ).toEqual([
      'matched',
      'duplicate_in_file',
      'outside_period',
      'missing_here',
      'unknown_id',
      'unknown_id',
      'outside_period',
      'missing_there',
    ]);
  });
});
