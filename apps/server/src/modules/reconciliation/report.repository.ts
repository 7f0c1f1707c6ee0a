// Reads for an import's differences CSV and an advertiser's discrepancy (docs/product/reconciliation.md,
// "Differences and discrepancy").
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Bucket, ConversionStatus, FileRow } from './classify.ts';

/** A row that is not matched, with its conversion's ids for our missing ones (they have no file data). */
export type DifferenceRow = {
  line: number | null;
  bucket: Bucket;
  data: FileRow | null;
  conversion_id: string | null;
  our_status: ConversionStatus | null;
  our_amount: number | null;
  our_currency: string | null;
  click_id: string | null;
  lead_id: string | null;
  txid: string | null;
};

const FIELDS = sql`r.line, r.bucket, r.data, r.conversion_id, r.our_status, r.our_amount::float8 as our_amount,
  r.our_currency, c.click_id, c.lead_id, c.txid`;

/** Next page of the import's file rows that are not matched, after line `after`, by the (import, line) index. */
export const fileDifferencesAfter = async (db: Db, importId: string, after: number, limit: number) =>
  (
    await db.execute<DifferenceRow>(sql`select ${FIELDS} from reconciliation_rows r
      left join conversions c on c.id = r.conversion_id
      where r.import_id = ${importId} and r.line > ${after} and r.bucket <> 'matched'
      order by r.line limit ${limit}`)
  ).rows;

/** Next page of our conversions missing from the file, by conversion id (the rows endpoint's order). */
export const missingThereAfter = async (db: Db, importId: string, after: string | null, limit: number) =>
  (
    await db.execute<DifferenceRow>(sql`select ${FIELDS} from reconciliation_rows r
      left join conversions c on c.id = r.conversion_id
      where r.import_id = ${importId} and r.line is null
        and r.conversion_id > coalesce(${after}::uuid, '00000000-0000-0000-0000-000000000000')
      order by r.conversion_id limit ${limit}`)
  ).rows;

/** The advertiser's name as the imports list shows it: the company, else the person. */
export const advertiserName = async (db: Db, id: string) => {
  const {
    rows: [row],
  } = await db.execute<{ name: string }>(sql`select coalesce(nullif(company, ''),
      nullif(trim(concat_ws(' ', first_name, last_name)), ''), email, '') as name from users where id = ${id}`);
  return row?.name ?? '';
};

/** The advertiser's classified imports, oldest period first. */
export const classifiedImports = async (db: Db, advertiserId: string) =>
  (
    await db.execute<{ id: string; period_from: string; period_to: string; summary: Record<string, unknown> }>(sql`
      select id, period_from::text, period_to::text, summary from reconciliation_imports
      where advertiser_id = ${advertiserId} and state = 'classified' and summary is not null
      order by period_from, period_to, created_at, id`)
  ).rows;
