import { describe, expect, it } from 'vitest';
import { LOCKING_SAMPLE, ONLINE_SAMPLE } from '#test/online-migration.ts';
import { MIGRATIONS_DIR } from './migrate.ts';

// The lint of new migrations (scripts/migration-rules.mjs, run by scripts/lint.mjs; docs/decisions/049-online-migrations.md).
type Rules = {
  checkMigration: (sql: string) => string[];
  checkMigrationsFolder: (folder: string) => string[];
};
const rules = (await import(new URL('../../../../scripts/migration-rules.mjs', import.meta.url).href)) as Rules;
const ONLINE = '-- pxl:no-transaction\n';

describe('migration rules', () => {
  it('accept the online way and every committed migration', () => {
    expect(rules.checkMigration(ONLINE_SAMPLE)).toEqual([]);
    expect(rules.checkMigrationsFolder(MIGRATIONS_DIR)).toEqual([]);
  });

  it.each([
    ['CREATE INDEX "x" ON "clicks" USING btree ("sub1");', 'without CONCURRENTLY'],
    [`${ONLINE}CREATE INDEX CONCURRENTLY "x" ON "conversions" ("a");`, 'IF NOT EXISTS'],
    ['CREATE INDEX CONCURRENTLY IF NOT EXISTS "x" ON "leads" ("a");', 'pxl:no-transaction'],
    ['ALTER TABLE "clicks" ALTER COLUMN "ip" SET DATA TYPE inet;', 'rewrites clicks'],
    ['ALTER TABLE "leads" ADD COLUMN "k" uuid DEFAULT gen_random_uuid() NOT NULL;', 'volatile default'],
    ['ALTER TABLE "inbound_postbacks" ADD COLUMN "n" bigserial;', 'volatile default'],
    ['UPDATE "conversions" SET "status" = \'approved\';', 'unbatched UPDATE of conversions'],
    ['DELETE FROM "lead_attempts" WHERE "called" = false;', 'unbatched DELETE FROM of lead_attempts'],
    ['ALTER TABLE "leads" ALTER COLUMN "phone" SET NOT NULL;', 'SET NOT NULL'],
    ['ALTER TABLE "clicks_p20261123" ADD CONSTRAINT "c" CHECK (ip <> \'\');', 'NOT VALID'],
    [
      'ALTER TABLE "clicks" ADD COLUMN "a" text;--> statement-breakpoint\nALTER TABLE "leads" ADD COLUMN "b" text;',
      'one hot table',
    ],
    ['-- pxl:batch\nUPDATE clicks SET a = 1 WHERE id > $1;', 'pxl:no-transaction'],
  ])('refuse %s', (sql, why) => {
    expect(rules.checkMigration(sql).join('\n')).toContain(why);
  });

  it('refuse every step of the locking way on a hot table, and leave a table the migration makes alone', () => {
    expect(rules.checkMigration(LOCKING_SAMPLE)).toHaveLength(2);
    expect(
      rules.checkMigration(
        'CREATE TABLE "clicks_x" (a int);--> statement-breakpoint\nCREATE INDEX "i" ON "clicks_x" (a);',
      ),
    ).toEqual([]);
    expect(rules.checkMigration('-- pxl:allow the table is empty on every install\nUPDATE "leads" SET a = 1;')).toEqual(
      [],
    );
  });
});
