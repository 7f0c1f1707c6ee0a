// What an import found, for the advertiser (the differences CSV) and over time (the discrepancy per period):
// docs/product/reconciliation.md, "Differences and discrepancy".
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { ReconSummary } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { notFound } from '../../lib/errors.ts';
import { partnerScope } from '../../lib/scope.ts';
import type { Bucket } from './classify.ts';
import { findImport } from './match.repository.ts';
import { advertiserInScope } from './reconciliation.service.ts';
import {
  advertiserName,
  classifiedImports,
  fileDifferencesAfter,
  missingThereAfter,
  type DifferenceRow,
} from './report.repository.ts';

/** Rows read per query: 100,000 differences are 20 short reads, never all in memory at once. */
const PAGE = 5000;

/** Worded for the advertiser who reads the file: "your" report, "our" data. */
const DIFFERENCE_WORDS: Record<Exclude<Bucket, 'matched'>, string> = {
  status_differs: 'Status differs',
  amount_differs: 'Amount differs',
  currency_differs: 'Currency differs',
  missing_here: 'Missing in our data',
  missing_there: 'Missing in your report',
  duplicate_in_file: 'Duplicate in your report',
  unknown_id: 'Unknown ID',
  outside_period: 'Outside the period',
};

const COLUMNS = [
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

/**
 * Their amount less ours, where the row shows two comparable amounts; only theirs (nothing of ours matched) or only
 * ours (missing from their report, as a negative) otherwise. Empty when the currencies differ or a side is blank.
 */
const amountDifference = (r: DifferenceRow) => {
  const theirs = r.data?.amount ?? null;
  if (r.line === null) return r.our_amount === null ? null : -r.our_amount;
  if (r.conversion_id === null) return theirs;
  if (theirs === null || r.our_amount === null) return null;
  const theirCurrency = r.data?.currency ?? r.our_currency;
  return theirCurrency === r.our_currency ? theirs - r.our_amount : null;
};

/** One CSV record; amounts stay numbers (minor units) so the writer formats them and never escapes their minus. */
const recordOf = (r: DifferenceRow) => [
  r.line === null ? '' : String(r.line),
  DIFFERENCE_WORDS[r.bucket as Exclude<Bucket, 'matched'>] ?? r.bucket,
  r.data?.click_id ?? r.click_id,
  r.data?.lead_id ?? r.lead_id,
  r.data?.txid ?? (r.txid || null),
  r.data?.status,
  r.data?.amount,
  r.data?.currency,
  r.data?.date,
  r.conversion_id,
  r.our_status,
  r.our_amount,
  r.our_currency,
  amountDifference(r),
];

/** File rows in file order, then our missing conversions, a page at a time (keyset, so each read is short). */
async function* differenceRows(db: Db, importId: string) {
  for (let after = 0; ;) {
    const page = await fileDifferencesAfter(db, importId, after, PAGE);
    for (const r of page) yield recordOf(r);
    if (page.length < PAGE) break;
    after = page[page.length - 1].line!;
  }
  for (let after: string | null = null; ;) {
    const page = await missingThereAfter(db, importId, after, PAGE);
    for (const r of page) yield recordOf(r);
    if (page.length < PAGE) break;
    after = page[page.length - 1].conversion_id;
  }
}

/** Minor units as a decimal with a point: every currency of the panel has two decimals (formatMoney, contract). */
const decimalOf = (minor: number) => (minor / 100).toFixed(2);

const slugOf = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '') || 'advertiser';

/**
 * The import's differences as a CSV stream, after the scope check (another manager's import is 404 before anything
 * is sent). A UTF-8 BOM, since Excel reads a CSV without one in the machine's code page.
 */
export const differencesCsv = async (db: Db, auth: AuthContext, id: string) => {
  const imp = await findImport(db, id, partnerScope(auth));
  if (!imp) throw notFound('Import');
  const name = slugOf(await advertiserName(db, imp.advertiserId));
  const csv = stringify({
    bom: true,
    header: true,
    columns: COLUMNS,
    cast: { number: decimalOf },
    // The advertiser opens this in a spreadsheet, and ids, statuses and dates are their text or ours: a cell starting
    // with = + - @ tab or CR would run as a formula there (CSV injection), so it gets a leading apostrophe. Numbers
    // are ours (amounts) and keep their minus.
    escape_formulas: true,
  });
  return {
    filename: `reconciliation-${name}-${imp.periodFrom}-${imp.periodTo}.csv`,
    stream: Readable.from(differenceRows(db, imp.id)).pipe(csv),
  };
};

/** |difference| ÷ ours in percent, one decimal; null when ours is 0 (no base to compare with). */
export const discrepancyPercent = (difference: number, ours: number) =>
  ours === 0 ? null : Math.round((Math.abs(difference) * 1000) / ours) / 10;

/** Per classified import and currency of its summary, oldest period first: the figures the summary holds. */
export const advertiserDiscrepancy = async (db: Db, auth: AuthContext, advertiserId: string) => {
  await advertiserInScope(db, auth, advertiserId);
  const items = (await classifiedImports(db, advertiserId)).flatMap((imp) => {
    const s = imp.summary as unknown as ReconSummary;
    const currencies = [...new Set([...Object.keys(s.ours), ...Object.keys(s.theirs)])].sort();
    return currencies.map((currency) => {
      const ours = s.ours[currency] ?? 0;
      const theirs = s.theirs[currency] ?? 0;
      const difference = s.difference[currency] ?? theirs - ours;
      return {
        import_uuid: imp.id,
        period_from: imp.period_from,
        period_to: imp.period_to,
        currency,
        ours,
        theirs,
        difference,
        discrepancy_percent: discrepancyPercent(difference, ours),
      };
    });
  });
  return { items };
};
