import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ReconMapping, ReconRowData } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { reconciliationImports, reconciliationMappings, users } from '../../db/schema.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { pageOf, type PageQuery } from '../../lib/paging.ts';
import { refOf } from '../../lib/people.ts';
import { partnerScope } from '../../lib/scope.ts';

/** Rows per insert: one statement of one JSON array each, so 100,000 rows are 20 round trips. */
const BATCH = 5000;

export type NewImport = {
  advertiserId: string;
  periodFrom: string;
  periodTo: string;
  fileName: string;
  fileSize: number;
  format: 'csv' | 'xlsx';
  mapping: ReconMapping;
  createdBy: string;
};

export const insertImport = async (tx: Db, imp: NewImport, rows: ReconRowData[]) => {
  const [{ id }] = await tx
    .insert(reconciliationImports)
    .values({ ...imp, rowCount: rows.length })
    .returning({ id: reconciliationImports.id });
  for (let i = 0; i < rows.length; i += BATCH) {
    const part = rows.slice(i, i + BATCH);
    await tx.execute(sql`
      insert into reconciliation_rows (import_id, line, data)
      select ${id}::uuid, (e->>'line')::int, e from jsonb_array_elements(${JSON.stringify(part)}::jsonb) e`);
  }
  return id;
};

export const readMapping = async (db: Db, advertiserId: string) => {
  const [row] = await db
    .select({
      mapping: reconciliationMappings.mapping,
      updatedAt: reconciliationMappings.updatedAt,
      byId: users.id,
      first: users.firstName,
      last: users.lastName,
      email: users.email,
    })
    .from(reconciliationMappings)
    .leftJoin(users, eq(users.id, reconciliationMappings.updatedBy))
    .where(eq(reconciliationMappings.advertiserId, advertiserId));
  return {
    advertiser_uuid: advertiserId,
    mapping: (row?.mapping as ReconMapping | undefined) ?? null,
    updated_by: row ? refOf(row.byId, row.first, row.last, row.email) : null,
    updated_at: row ? row.updatedAt.toISOString() : null,
  };
};

export const saveMapping = (tx: Db, advertiserId: string, mapping: ReconMapping, by: string) =>
  tx
    .insert(reconciliationMappings)
    .values({ advertiserId, mapping, updatedBy: by })
    .onConflictDoUpdate({
      target: reconciliationMappings.advertiserId,
      set: { mapping, updatedBy: by, updatedAt: sql`now()` },
    });

const advertiser = alias(users, 'advertiser');
const creator = alias(users, 'creator');

/** Imports of the advertisers the caller may see, newest first. */
export const listImports = async (
  db: Db,
  auth: AuthContext,
  q: PageQuery & { advertiser_uuid?: string; uuid?: string },
) => {
  const scope = partnerScope(auth);
  const where = and(
    q.uuid ? eq(reconciliationImports.id, q.uuid) : undefined,
    q.advertiser_uuid ? eq(reconciliationImports.advertiserId, q.advertiser_uuid) : undefined,
    scope ? sql`${reconciliationImports.advertiserId} in (select id from users where ${scope})` : undefined,
  );
  const { limit, offset } = pageOf(q);
  const rows = await db
    .select({
      i: reconciliationImports,
      adv: {
        first: advertiser.firstName,
        last: advertiser.lastName,
        email: advertiser.email,
        company: advertiser.company,
      },
      by: { first: creator.firstName, last: creator.lastName, email: creator.email },
      total: sql<number>`count(*) over()`.mapWith(Number),
    })
    .from(reconciliationImports)
    .innerJoin(advertiser, eq(advertiser.id, reconciliationImports.advertiserId))
    .leftJoin(creator, eq(creator.id, reconciliationImports.createdBy))
    .where(where)
    .orderBy(desc(reconciliationImports.createdAt), desc(reconciliationImports.id))
    .limit(limit)
    .offset(offset);
  const count = rows.length
    ? rows[0].total
    : (
        await db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(reconciliationImports)
          .where(where)
      )[0].n;
  return {
    count,
    list: rows.map(({ i, adv, by }) => ({
      uuid: i.id,
      advertiser: {
        ...refOf(i.advertiserId, adv.first, adv.last, adv.email)!,
        name: adv.company || refOf(i.advertiserId, adv.first, adv.last, adv.email)!.name,
      },
      period_from: i.periodFrom,
      period_to: i.periodTo,
      file_name: i.fileName,
      file_size: i.fileSize,
      format: i.format,
      row_count: i.rowCount,
      state: i.state,
      created_by: refOf(i.createdBy, by?.first ?? null, by?.last ?? null, by?.email ?? null),
      created_at: i.createdAt.toISOString(),
    })),
  };
};
