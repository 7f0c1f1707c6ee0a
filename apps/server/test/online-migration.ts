import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** The table the sample attaches: a week far ahead, so it never meets the partitions maintenance makes. */
export const SAMPLE_PARTITION = 'clicks_p20991228';

/**
 * One migration of each online kind on `clicks` (docs/decisions/049-online-migrations.md): a new column, its batched
 * backfill, an index built concurrently on every partition, a partition attached after its CHECK was validated.
 */
export const ONLINE_SAMPLE = `-- pxl:no-transaction
-- A sample for the tests and the bench: not a migration of the product.
ALTER TABLE "clicks" ADD COLUMN IF NOT EXISTS "sub1_norm" text;
--> statement-breakpoint
-- pxl:batch
WITH batch AS (
  SELECT id, created_at FROM clicks
  WHERE id > coalesce($1::uuid, '00000000-0000-0000-0000-000000000000') ORDER BY id LIMIT 5000
), done AS (
  UPDATE clicks c SET sub1_norm = lower(c.sub1) FROM batch b WHERE c.id = b.id AND c.created_at = b.created_at
)
SELECT max(id::text) AS next FROM batch;
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "clicks_sub1_norm_idx" ON "clicks" USING btree ("sub1_norm");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "${SAMPLE_PARTITION}" (LIKE "clicks" INCLUDING DEFAULTS INCLUDING CONSTRAINTS);
--> statement-breakpoint
ALTER TABLE "${SAMPLE_PARTITION}" ADD CONSTRAINT "${SAMPLE_PARTITION}_bounds"
  CHECK (created_at >= '2099-12-28 00:00+00' AND created_at < '2100-01-04 00:00+00') NOT VALID;
--> statement-breakpoint
ALTER TABLE "${SAMPLE_PARTITION}" VALIDATE CONSTRAINT "${SAMPLE_PARTITION}_bounds";
--> statement-breakpoint
ALTER TABLE "clicks" ATTACH PARTITION "${SAMPLE_PARTITION}" FOR VALUES FROM ('2099-12-28 00:00+00') TO ('2100-01-04 00:00+00');
--> statement-breakpoint
ALTER TABLE "${SAMPLE_PARTITION}" DROP CONSTRAINT "${SAMPLE_PARTITION}_bounds";
`;

/** The same change as drizzle-kit writes it and the earlier migrations ran: one transaction holding clicks throughout. */
export const LOCKING_SAMPLE = `ALTER TABLE "clicks" ADD COLUMN "sub1_norm" text;
--> statement-breakpoint
UPDATE "clicks" SET "sub1_norm" = lower("sub1");
--> statement-breakpoint
CREATE INDEX "clicks_sub1_norm_idx" ON "clicks" USING btree ("sub1_norm");
--> statement-breakpoint
CREATE TABLE "${SAMPLE_PARTITION}" PARTITION OF "clicks" FOR VALUES FROM ('2099-12-28 00:00+00') TO ('2100-01-04 00:00+00');
`;

/** A migrations folder holding only `sql`, newer than every committed migration (migrateDb's `folder`). */
export const sampleFolder = async (sql: string) => {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'pxl-sample-migration-'));
  await mkdir(path.join(folder, 'meta'));
  const tag = '9000_sample';
  await writeFile(path.join(folder, `${tag}.sql`), sql);
  const journal = {
    version: '7',
    dialect: 'postgresql',
    entries: [{ idx: 9000, version: '7', when: Date.now(), tag, breakpoints: true }],
  };
  await writeFile(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal));
  return folder;
};

/**
 * `n` clicks of the live shape, sub1 mixed case, over the last `seconds`: by default the last hour, kept in the current
 * week's partition (made by the migrations); the bench makes the partitions of earlier weeks first.
 */
export const fillClicks = (n: number, seconds?: number) => `
  insert into clicks (id, created_at, offer_id, affiliate_id, sub1, sub2, ip, country, device, os, browser, user_agent)
  select gen_random_uuid(),
         ${seconds ? `now() - (g % ${seconds}) * interval '1 second'` : "greatest(date_trunc('week', now()), now() - (g % 3600) * interval '1 second')"},
         gen_random_uuid(), gen_random_uuid(), 'Sub-' || (g % 997), 'campaign', '10.0.' || (g % 250) || '.' || (g % 200),
         'GB', 'mobile', 'Android', 'Chrome', 'Mozilla/5.0 (Linux; Android 13) Chrome/112.0 Mobile Safari/537.36'
  from generate_series(1, ${n}) g`;
