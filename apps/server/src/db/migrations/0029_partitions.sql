-- clicks, inbound_postbacks and outbound_attempts become partitioned by time (PARTITION BY RANGE on their timestamp), so
-- retention drops whole partitions instead of deleting rows (docs/decisions/030-partitions-and-retention.md). Drizzle
-- cannot declare partitioning: schema.ts holds the columns, the primary keys (now with the partition key) and the
-- indexes; this file adds the partitioning by hand. Each table is rebuilt: the old one is renamed, a partitioned one
-- takes its name with partitions (UTC weeks for clicks, UTC months for the logs) from its oldest row (at most 10 years
-- back) to a few ahead, a DEFAULT partition catches any row outside them, every row is copied, the old table is dropped
-- and the keys and indexes are made on the partitioned one. Partition names carry their first day: clicks_p20261123.
-- modules/retention/partitions.ts creates later ones with the same names and bounds.
CREATE FUNCTION pg_temp.pxl_make_partitions(parent text, unit text, ahead integer, oldest timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  step interval := ('1 ' || unit)::interval;
  s timestamp := date_trunc(unit, least(greatest(coalesce(oldest, now()), now() - interval '3660 days'), now()) AT TIME ZONE 'UTC');
  last_start timestamp := date_trunc(unit, now() AT TIME ZONE 'UTC') + ahead * step;
BEGIN
  WHILE s <= last_start LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)',
      parent || '_p' || to_char(s, 'YYYYMMDD'), parent, (s AT TIME ZONE 'UTC')::text, ((s + step) AT TIME ZONE 'UTC')::text);
    s := s + step;
  END LOOP;
  EXECUTE format('CREATE TABLE %I PARTITION OF %I DEFAULT', parent || '_default', parent);
END $$;
--> statement-breakpoint
ALTER TABLE "clicks" RENAME TO "clicks_unpartitioned";--> statement-breakpoint
CREATE TABLE "clicks" (LIKE "clicks_unpartitioned" INCLUDING DEFAULTS INCLUDING CONSTRAINTS) PARTITION BY RANGE ("created_at");--> statement-breakpoint
SELECT pg_temp.pxl_make_partitions('clicks', 'week', 4, (SELECT min("created_at") FROM "clicks_unpartitioned"));--> statement-breakpoint
INSERT INTO "clicks" SELECT * FROM "clicks_unpartitioned";--> statement-breakpoint
DROP TABLE "clicks_unpartitioned";--> statement-breakpoint
ALTER TABLE "clicks" ADD CONSTRAINT "clicks_pkey" PRIMARY KEY("id","created_at");--> statement-breakpoint
CREATE INDEX "clicks_offer_created_idx" ON "clicks" USING btree ("offer_id","created_at");--> statement-breakpoint
CREATE INDEX "clicks_affiliate_created_idx" ON "clicks" USING btree ("affiliate_id","created_at");--> statement-breakpoint
CREATE INDEX "clicks_created_idx" ON "clicks" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "inbound_postbacks" RENAME TO "inbound_postbacks_unpartitioned";--> statement-breakpoint
CREATE TABLE "inbound_postbacks" (LIKE "inbound_postbacks_unpartitioned" INCLUDING DEFAULTS INCLUDING CONSTRAINTS) PARTITION BY RANGE ("created_at");--> statement-breakpoint
SELECT pg_temp.pxl_make_partitions('inbound_postbacks', 'month', 2, (SELECT min("created_at") FROM "inbound_postbacks_unpartitioned"));--> statement-breakpoint
INSERT INTO "inbound_postbacks" SELECT * FROM "inbound_postbacks_unpartitioned";--> statement-breakpoint
DROP TABLE "inbound_postbacks_unpartitioned";--> statement-breakpoint
ALTER TABLE "inbound_postbacks" ADD CONSTRAINT "inbound_postbacks_pkey" PRIMARY KEY("id","created_at");--> statement-breakpoint
ALTER TABLE "inbound_postbacks" ADD CONSTRAINT "inbound_postbacks_advertiser_id_users_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbound_postbacks_created_idx" ON "inbound_postbacks" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "inbound_postbacks_affiliate_idx" ON "inbound_postbacks" USING btree ("affiliate_id","created_at");--> statement-breakpoint
ALTER TABLE "outbound_attempts" RENAME TO "outbound_attempts_unpartitioned";--> statement-breakpoint
CREATE TABLE "outbound_attempts" (LIKE "outbound_attempts_unpartitioned" INCLUDING DEFAULTS INCLUDING CONSTRAINTS) PARTITION BY RANGE ("at");--> statement-breakpoint
SELECT pg_temp.pxl_make_partitions('outbound_attempts', 'month', 2, (SELECT min("at") FROM "outbound_attempts_unpartitioned"));--> statement-breakpoint
INSERT INTO "outbound_attempts" SELECT * FROM "outbound_attempts_unpartitioned";--> statement-breakpoint
DROP TABLE "outbound_attempts_unpartitioned";--> statement-breakpoint
ALTER TABLE "outbound_attempts" ADD CONSTRAINT "outbound_attempts_pkey" PRIMARY KEY("id","at");--> statement-breakpoint
ALTER TABLE "outbound_attempts" ADD CONSTRAINT "outbound_attempts_postback_id_outbound_postbacks_id_fk" FOREIGN KEY ("postback_id") REFERENCES "public"."outbound_postbacks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbound_attempts_postback_idx" ON "outbound_attempts" USING btree ("postback_id","at");--> statement-breakpoint
DROP FUNCTION pg_temp.pxl_make_partitions(text, text, integer, timestamptz);
