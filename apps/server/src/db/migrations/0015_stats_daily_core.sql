CREATE TABLE "stats_daily_core" (
	"zone" text NOT NULL,
	"day" date NOT NULL,
	"offer_id" uuid NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"country" text NOT NULL,
	"product_id" uuid DEFAULT '00000000-0000-0000-0000-000000000000' NOT NULL,
	"currency" text DEFAULT '' NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"unique_clicks" integer DEFAULT 0 NOT NULL,
	"trafficback" integer DEFAULT 0 NOT NULL,
	"bots" integer DEFAULT 0 NOT NULL,
	"conversions" integer DEFAULT 0 NOT NULL,
	"approved" integer DEFAULT 0 NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"hold" integer DEFAULT 0 NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	"leads" integer DEFAULT 0 NOT NULL,
	"accepted" integer DEFAULT 0 NOT NULL,
	"ftd" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_daily_core_zone_day_offer_id_affiliate_id_country_product_id_currency_pk" PRIMARY KEY("zone","day","offer_id","affiliate_id","country","product_id","currency")
);
--> statement-breakpoint
CREATE TABLE "stats_zones" (
	"zone" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stats_daily_core_affiliate_idx" ON "stats_daily_core" USING btree ("zone","affiliate_id","day");--> statement-breakpoint
-- Keeps stats_zones at UTC and the partner zone, building a new zone's days from stats_hourly. The click writer and
-- the rollup fold hold this advisory lock shared while they add to stats_daily_core, each in a statement of its own
-- after taking it: so every batch is either already in stats_hourly when the build reads it, or added to the new
-- zone afterwards. Zones PostgreSQL does not know are left out (reports in them read the other rollups).
CREATE OR REPLACE FUNCTION pxl_stats_zones_sync(partner text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE z text;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('stats_zones'));
  IF partner IS NULL OR NOT EXISTS (SELECT 1 FROM pg_timezone_names WHERE name = partner) THEN partner := 'UTC'; END IF;
  DELETE FROM stats_daily_core WHERE zone NOT IN ('UTC', partner);
  DELETE FROM stats_zones WHERE zone NOT IN ('UTC', partner);
  FOR z IN SELECT DISTINCT x FROM unnest(ARRAY['UTC', partner]) x WHERE x NOT IN (SELECT zone FROM stats_zones) LOOP
    INSERT INTO stats_zones (zone) VALUES (z);
    INSERT INTO stats_daily_core (zone, day, offer_id, affiliate_id, country, product_id, currency, clicks, unique_clicks, trafficback, bots,
      conversions, approved, pending, rejected, hold, payout, revenue, leads, accepted, ftd)
    SELECT z, (hour AT TIME ZONE z)::date, offer_id, affiliate_id, country, product_id, currency, sum(clicks), sum(unique_clicks),
      sum(trafficback), sum(bots), sum(conversions), sum(approved), sum(pending), sum(rejected), sum(hold), sum(payout), sum(revenue),
      sum(leads), sum(accepted), sum(ftd)
    FROM stats_hourly GROUP BY 2, 3, 4, 5, 6, 7;
  END LOOP;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION pxl_settings_zone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND old.value->>'time_zone' IS NOT DISTINCT FROM new.value->>'time_zone' THEN RETURN NULL; END IF;
  PERFORM pxl_stats_zones_sync(new.value->>'time_zone');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER settings_zone AFTER INSERT OR UPDATE OF value ON settings FOR EACH ROW WHEN (new.key = 'general') EXECUTE FUNCTION pxl_settings_zone();--> statement-breakpoint
SELECT pxl_stats_zones_sync((SELECT value->>'time_zone' FROM settings WHERE key = 'general'));
