import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { MIGRATIONS_DIR } from './migrate.ts';
import { clicks } from './schema.ts';

// The fraud verdict columns on clicks (partitioned), leads and conversions: nullable without a default, so each ADD
// COLUMN is a catalog change that rewrites nothing (docs/decisions/049-online-migrations.md).
type Rules = { checkMigration: (sql: string) => string[] };
const rules = (await import(new URL('../../../../scripts/migration-rules.mjs', import.meta.url).href)) as Rules;
const FILE = readFileSync(path.join(MIGRATIONS_DIR, '0036_fraud_fields.sql'), 'utf8');
const HOT = ['clicks', 'leads', 'conversions'];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { start: false }, { smtp: false });
});
afterAll(() => t?.close());

const rows = async <T>(q: ReturnType<typeof sql>) => (await t.db.execute(q)).rows as T[];
/** clicks, each of its partitions, leads and conversions, with the file each is stored in. */
const files = () =>
  rows<{ name: string; file: number }>(sql`
    select c.relname as name, c.relfilenode::int as file from pg_class c
    where c.relname in ('leads', 'conversions')
       or c.oid in (select inhrelid from pg_inherits where inhparent = 'clicks'::regclass)
    order by 1`);

describe('the fraud fields migration', () => {
  it('passes the migration rules; the same statements in one transaction would not', () => {
    expect(rules.checkMigration(FILE)).toEqual([]);
    const inOneTransaction = FILE.split('\n')
      .filter((l) => !l.startsWith('--'))
      .join('\n');
    expect(rules.checkMigration(inOneTransaction).join('\n')).toMatch(/one hot table per transactional migration/);
  });

  it('leaves the columns nullable without a default on clicks, every partition, leads and conversions', async () => {
    const cols = await rows<{ table: string; column: string; type: string; nullable: string; def: string | null }>(sql`
      select table_name as table, column_name as column, data_type as type, is_nullable as nullable, column_default as def
      from information_schema.columns
      where column_name in ('fraud_score', 'fraud_reasons', 'fraud_settings')`);
    const partitions = (await files()).map((f) => f.name).filter((n) => n.startsWith('clicks_'));
    expect(partitions.length).toBeGreaterThan(0);
    for (const table of [...HOT, ...partitions]) {
      expect(cols.filter((c) => c.table === table)).toEqual(
        expect.arrayContaining([
          { table, column: 'fraud_score', type: 'smallint', nullable: 'YES', def: null },
          { table, column: 'fraud_reasons', type: 'jsonb', nullable: 'YES', def: null },
        ]),
      );
    }
    expect(cols.filter((c) => c.table === 'offers')).toEqual([
      { table: 'offers', column: 'fraud_settings', type: 'jsonb', nullable: 'YES', def: null },
    ]);
  });

  it('rewrites no table: run again on tables holding rows, every file stays the same', async () => {
    await t.db.insert(clicks).values({ id: randomUUID(), offerId: randomUUID() });
    for (const table of HOT)
      await t.db.execute(sql.raw(`alter table ${table} drop column fraud_score, drop column fraud_reasons`));
    await t.db.execute(sql`alter table offers drop column fraud_settings`);
    const before = await files();
    for (const statement of FILE.split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement));
    expect(await files()).toEqual(before);
    const [row] = await rows<{ score: number | null }>(sql`select fraud_score as score from clicks limit 1`);
    expect(row).toEqual({ score: null });
  });
});
