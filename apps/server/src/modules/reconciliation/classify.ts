// Matching an advertiser's report against our conversions (docs/decisions/057-reconciliation-matching.md). Pure: the
// loader (ours.ts) brings everything it needs in a few set-based queries, so 100,000 rows are classified in memory
// without a round trip per row.

import { RECON_BUCKETS, type ReconBucket, type ReconStatus } from '@pxl/contract';

// The buckets are the contract's: one list for the API, the screens and the classifier.
export const BUCKETS = RECON_BUCKETS;
export type Bucket = ReconBucket;

export type ConversionStatus = ReconStatus;

/** A normalised row of the advertiser's file, as the import stores it. */
export interface FileRow {
  line: number;
  click_id: string | null;
  lead_id: string | null;
  txid: string | null;
  status: ConversionStatus | null;
  amount: number | null;
  currency: string | null;
  date: string | null;
  raw?: Record<string, string>;
}

/** One of our conversions of the advertiser, with what matching needs; `revenue` is what the advertiser pays. */
export interface OurConversion {
  id: string;
  click_id: string | null;
  lead_id: string | null;
  txid: string;
  status: ConversionStatus;
  revenue: number;
  currency: string;
  /** Epoch milliseconds. */
  created_at: number;
}

/** The import's period as instants: [start, end), the partner time zone's first day to the day after the last. */
export interface Period {
  start: number;
  end: number;
}

/** What we hold of the file's ids beyond the conversions: clicks and leads on the advertiser's offers. */
export interface Known {
  clicks: ReadonlySet<string>;
  leads: ReadonlySet<string>;
}

export interface Money {
  amount: number;
  currency: string;
}

export interface ClassifiedRow {
  line: number | null;
  data: FileRow | null;
  bucket: Bucket;
  conversion_id: string | null;
  our_status: ConversionStatus | null;
  our_amount: number | null;
  our_currency: string | null;
  /** Their figure as it counts in their total (null: not counted: rejected on their side, or no amount). */
  theirs: Money | null;
  /** Ours as it counts in our total: only conversions of the period, not rejected. */
  ours: Money | null;
  /** The conversion is one of the period's (each of those is in exactly one row). */
  ours_in_period: boolean;
}

/** ISO 4217's code for "no currency": their amount when neither the row nor its match names one. */
export const NO_CURRENCY = 'XXX';

const clean = (s: string | null) => {
  const t = s?.trim();
  return t ? t : null;
};
/** Click and lead ids are UUIDs, compared in lower case; a txid is the advertiser's own text, compared exactly. */
export const idOf = (s: string | null) => clean(s)?.toLowerCase() ?? null;
export const txidOf = clean;

const push = <T>(m: Map<string, T[]>, k: string | null, v: T) => {
  if (k === null) return;
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
};

type Index = ReturnType<typeof indexOurs>;

/** Our conversions by each id, earliest first, so a choice between several goals of one click is stable. */
const indexOurs = (ours: readonly OurConversion[]) => {
  const sorted = [...ours].sort((a, b) => a.created_at - b.created_at || (a.id < b.id ? -1 : 1));
  const byClick = new Map<string, OurConversion[]>();
  const byLead = new Map<string, OurConversion[]>();
  const byTxid = new Map<string, OurConversion[]>();
  for (const c of sorted) {
    push(byClick, idOf(c.click_id), c);
    push(byLead, idOf(c.lead_id), c);
    push(byTxid, txidOf(c.txid), c);
  }
  return { sorted, byClick, byLead, byTxid };
};

/**
 * The conversion a row names: by click id, then lead id, then transaction id, the first that leaves a conversion not
 * yet taken by an earlier row. Among several (goals on one click or lead) the one with the row's txid wins, else the
 * earliest; by txid alone only an exact txid.
 */
const pick = (row: FileRow, idx: Index, taken: Set<string>): OurConversion | null => {
  const txid = txidOf(row.txid);
  const free = (list: OurConversion[] | undefined) => (list ?? []).filter((c) => !taken.has(c.id));
  for (const [map, key] of [
    [idx.byClick, idOf(row.click_id)],
    [idx.byLead, idOf(row.lead_id)],
  ] as const) {
    const candidates = key === null ? [] : free(map.get(key));
    if (candidates.length) return candidates.find((c) => txid !== null && txidOf(c.txid) === txid) ?? candidates[0]!;
  }
  return txid === null ? null : (free(idx.byTxid.get(txid))[0] ?? null);
};

const inside = (t: number, p: Period) => t >= p.start && t < p.end;

/**
 * Differences in their order of weight, one bucket per row: another currency makes the amounts incomparable; a status
 * decides whether anything is paid at all; only then does the amount count. A field their file leaves empty is not
 * compared.
 */
const differenceOf = (row: FileRow, c: OurConversion): Bucket => {
  if (row.currency !== null && row.currency !== c.currency) return 'currency_differs';
  if (row.status !== null && row.status !== c.status) return 'status_differs';
  if (row.amount !== null && row.amount !== c.revenue) return 'amount_differs';
  return 'matched';
};

/**
 * Their figure; a field their file leaves empty reads as agreeing with the conversion it matched, so a matched row
 * never carries a difference and a report without a currency column is counted in our currency.
 */
const theirMoney = (row: FileRow, c: OurConversion | null): Money | null => {
  const amount = row.amount ?? c?.revenue ?? null;
  const status = row.status ?? c?.status ?? null;
  return amount === null || status === 'rejected'
    ? null
    : { amount, currency: row.currency ?? c?.currency ?? NO_CURRENCY };
};

const ourMoney = (c: OurConversion | null, p: Period): Money | null =>
  c && c.status !== 'rejected' && inside(c.created_at, p) ? { amount: c.revenue, currency: c.currency } : null;

/** Two rows naming the same ids are one conversion reported twice; a row naming none has no key. */
const rowKey = (row: FileRow) => {
  const ids = [idOf(row.click_id), idOf(row.lead_id), txidOf(row.txid)];
  return ids.every((x) => x === null) ? null : JSON.stringify(ids);
};

const bucketOfUnmatched = (row: FileRow, idx: Index, known: Known): Bucket => {
  const click = idOf(row.click_id);
  const lead = idOf(row.lead_id);
  const txid = txidOf(row.txid);
  const knows =
    (click !== null && (known.clicks.has(click) || idx.byClick.has(click))) ||
    (lead !== null && (known.leads.has(lead) || idx.byLead.has(lead))) ||
    (txid !== null && idx.byTxid.has(txid));
  return knows ? 'missing_here' : 'unknown_id';
};

const ourFields = (c: OurConversion | null) => ({
  conversion_id: c?.id ?? null,
  our_status: c?.status ?? null,
  our_amount: c?.revenue ?? null,
  our_currency: c?.currency ?? null,
});

/**
 * Every file row and every conversion of the period in exactly one row of the result: file rows in file order, then
 * one `missing_there` row per conversion of the period no file row took. `ours` may hold conversions outside the
 * period (found by the file's ids): a row matching one is `outside_period`, and such a conversion is never
 * `missing_there`. Test conversions never reach here (the loader leaves them out).
 */
export const classify = (
  rows: readonly FileRow[],
  ours: readonly OurConversion[],
  period: Period,
  known: Known,
): ClassifiedRow[] => {
  const idx = indexOurs(ours);
  const taken = new Set<string>();
  const seen = new Set<string>();
  const out: ClassifiedRow[] = [];
  for (const row of rows) {
    const key = rowKey(row);
    const duplicate = key !== null && seen.has(key);
    if (key !== null) seen.add(key);
    const c = duplicate ? null : pick(row, idx, taken);
    if (c) taken.add(c.id);
    const date = row.date === null ? NaN : Date.parse(row.date);
    const outside = (!Number.isNaN(date) && !inside(date, period)) || (c !== null && !inside(c.created_at, period));
    const bucket: Bucket = duplicate
      ? 'duplicate_in_file'
      : outside
        ? 'outside_period'
        : c === null
          ? bucketOfUnmatched(row, idx, known)
          : differenceOf(row, c);
    out.push({
      line: row.line,
      data: row,
      bucket,
      ...ourFields(c),
      theirs: theirMoney(row, c),
      ours: ourMoney(c, period),
      ours_in_period: c !== null && inside(c.created_at, period),
    });
  }
  for (const c of idx.sorted) {
    if (taken.has(c.id) || !inside(c.created_at, period)) continue;
    const ours = ourMoney(c, period);
    out.push({
      line: null,
      data: null,
      bucket: 'missing_there',
      ...ourFields(c),
      theirs: null,
      ours,
      ours_in_period: true,
    });
  }
  return out;
};

/** Per currency, in minor units. */
export type Amounts = Record<string, number>;
export interface BucketSummary {
  count: number;
  theirs: Amounts;
  ours: Amounts;
  /** theirs − ours. */
  difference: Amounts;
}
export interface ImportSummary {
  /** File rows and our conversions of the period. */
  file_rows: number;
  our_conversions: number;
  buckets: Record<Bucket, BucketSummary>;
  theirs: Amounts;
  ours: Amounts;
  /** theirs − ours per currency; equals the sum of the buckets' differences (docs/decisions/057-reconciliation-matching.md). */
  difference: Amounts;
}

const add = (into: Amounts, m: Money | null, sign = 1) => {
  if (m) into[m.currency] = (into[m.currency] ?? 0) + sign * m.amount;
};

/** Counts and amounts per bucket, both totals and their difference, from the classified rows alone. */
export const summarise = (rows: readonly ClassifiedRow[]): ImportSummary => {
  const empty = (): BucketSummary => ({ count: 0, theirs: {}, ours: {}, difference: {} });
  const buckets = Object.fromEntries(BUCKETS.map((b) => [b, empty()])) as Record<Bucket, BucketSummary>;
  const total = { theirs: {} as Amounts, ours: {} as Amounts, difference: {} as Amounts };
  for (const r of rows) {
    const b = buckets[r.bucket];
    b.count++;
    for (const into of [b, total]) {
      add(into.theirs, r.theirs);
      add(into.ours, r.ours);
      add(into.difference, r.theirs);
      add(into.difference, r.ours, -1);
    }
  }
  return {
    file_rows: rows.filter((r) => r.line !== null).length,
    our_conversions: rows.filter((r) => r.ours_in_period).length,
    buckets,
    ...total,
  };
};
