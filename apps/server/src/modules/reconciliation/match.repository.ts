// The classification's reads and writes on reconciliation_rows and reconciliation_imports, set-based: the buckets
// go back as one UPDATE … FROM unnest per chunk, our missing conversions as one unnest INSERT per chunk.
import { and, asc, count, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** The pool or a transaction of it. */
type Q = Db | Parameters<Parameters<Db['transaction']>[0]>[0];
import { reconciliationImports, reconciliationRows, users } from '../../db/schema.ts';
import { unnestInsert } from '../../db/unnest-insert.ts';
import { pageOf, type PageQuery } from '../../lib/paging.ts';
import type { Bucket, ClassifiedRow, FileRow, ImportSummary } from './classify.ts';

const CHUNK = 10_000;

/** The import, locked for the classification's transaction so two runs of one import queue. */
export const lockImport = async (db: Q, id: string) => {
  const [row] = await db.select().from(reconciliationImports).where(eq(reconciliationImports.id, id)).for('update');
  return row ?? null;
};

/** The stored file rows in file order. */
export const readFileRows = async (db: Q, importId: string): Promise<FileRow[]> => {
  const { rows } = await db.execute<{ data: FileRow }>(sql`select data from reconciliation_rows
    where import_id = ${importId} and line is not null order by line`);
  return rows.map((r) => r.data);
};

/** Writes the classification: file rows get their bucket and match, earlier `missing_there` rows are replaced. */
export const writeClassification = async (db: Q, importId: string, rows: ClassifiedRow[], summary: ImportSummary) => {
  const fileRows = rows.filter((r) => r.line !== null);
  for (let i = 0; i < fileRows.length; i += CHUNK) {
    const part = fileRows.slice(i, i + CHUNK);
    const col = <T>(f: (r: ClassifiedRow) => T) => sql.param(part.map(f));
    await db.execute(sql`update reconciliation_rows r set bucket = u.bucket, conversion_id = u.conversion_id,
        our_status = u.our_status, our_amount = u.our_amount, our_currency = u.our_currency
      from unnest(${col((r) => r.line)}::int[], ${col((r) => r.bucket)}::text[], ${col((r) => r.conversion_id)}::uuid[],
        ${col((r) => r.our_status)}::text[], ${col((r) => r.our_amount)}::bigint[], ${col((r) => r.our_currency)}::text[])
        as u(line, bucket, conversion_id, our_status, our_amount, our_currency)
      where r.import_id = ${importId} and r.line = u.line`);
  }
  await db.delete(reconciliationRows).where(and(eq(reconciliationRows.importId, importId), sql`line is null`));
  const missing = rows.filter((r) => r.line === null);
  for (let i = 0; i < missing.length; i += CHUNK)
    await db.execute(
      unnestInsert(
        reconciliationRows,
        missing.slice(i, i + CHUNK).map((r) => ({
          importId,
          bucket: r.bucket,
          conversionId: r.conversion_id,
          ourStatus: r.our_status,
          ourAmount: r.our_amount,
          ourCurrency: r.our_currency,
        })),
      ),
    );
  await db
    .update(reconciliationImports)
    .set({ state: 'classified', summary: summary as unknown as Record<string, unknown> })
    .where(eq(reconciliationImports.id, importId));
};

/** The import if the caller's scope (a condition on the advertiser's `users` row) lets them see it. */
export const findImport = async (db: Q, id: string, scope: SQL | null) => {
  const [row] = await db
    .select({ import: reconciliationImports })
    .from(reconciliationImports)
    .innerJoin(users, eq(users.id, reconciliationImports.advertiserId))
    .where(and(eq(reconciliationImports.id, id), scope ?? undefined));
  return row?.import ?? null;
};

/** One page of an import's rows, file rows in file order then our missing conversions. */
export const listRows = async (db: Q, importId: string, bucket: Bucket | undefined, page: PageQuery) => {
  const where = and(
    eq(reconciliationRows.importId, importId),
    bucket ? eq(reconciliationRows.bucket, bucket) : undefined,
  );
  const { limit, offset } = pageOf(page);
  const [list, [total]] = await Promise.all([
    db
      .select()
      .from(reconciliationRows)
      .where(where)
      .orderBy(sql`${reconciliationRows.line} asc nulls last`, asc(reconciliationRows.conversionId))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(reconciliationRows).where(where),
  ]);
  return { list, count: total?.n ?? 0 };
};

/** How many rows of an import have been applied, per bucket. */
export const appliedPerBucket = async (db: Q, importId: string) => {
  const rows = await db
    .select({ bucket: reconciliationRows.bucket, n: count() })
    .from(reconciliationRows)
    .where(and(eq(reconciliationRows.importId, importId), isNotNull(reconciliationRows.appliedAt)))
    .groupBy(reconciliationRows.bucket);
  return Object.fromEntries(rows.filter((r) => r.bucket).map((r) => [r.bucket!, r.n])) as Partial<
    Record<Bucket, number>
  >;
};
