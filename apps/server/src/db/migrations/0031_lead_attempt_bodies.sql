-- The stored request and answer of lead attempts move to lead_attempt_bodies, partitioned by UTC month on the attempt's
-- created_at like the postback logs, so retention drops them by whole partitions while the attempts (and leads) stay
-- (docs/decisions/030-partitions-and-retention.md). Drizzle cannot declare partitioning: schema.ts holds the columns
-- and the primary key; this file adds the partitioning by hand, with partitions from the oldest stored body (at most
-- 10 years back) to two months ahead and a DEFAULT partition, as 0029. Every stored request and answer is copied.
-- lead_attempts keeps whether a call was made (`called`): engine and Cold API decisions read it, and it must outlive the
-- body. It is set after the columns are dropped, so the rows rewritten by that update no longer carry the bodies.
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
CREATE TABLE "lead_attempt_bodies" (
	"attempt_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"request" jsonb,
	"response" jsonb,
	CONSTRAINT "lead_attempt_bodies_pkey" PRIMARY KEY("attempt_id","created_at")
) PARTITION BY RANGE ("created_at");--> statement-breakpoint
SELECT pg_temp.pxl_make_partitions('lead_attempt_bodies', 'month', 2, (SELECT min("created_at") FROM "lead_attempts" WHERE "request" IS NOT NULL OR "response" IS NOT NULL));--> statement-breakpoint
INSERT INTO "lead_attempt_bodies" ("attempt_id", "created_at", "request", "response")
  SELECT "id", "created_at", "request", "response" FROM "lead_attempts" WHERE "request" IS NOT NULL OR "response" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_attempts" ADD COLUMN "called" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_attempts" DROP COLUMN "request";--> statement-breakpoint
ALTER TABLE "lead_attempts" DROP COLUMN "response";--> statement-breakpoint
UPDATE "lead_attempts" a SET "called" = true FROM "lead_attempt_bodies" b
  WHERE b."attempt_id" = a."id" AND b."created_at" = a."created_at" AND b."request" IS NOT NULL;--> statement-breakpoint
DROP FUNCTION pg_temp.pxl_make_partitions(text, text, integer, timestamptz);
