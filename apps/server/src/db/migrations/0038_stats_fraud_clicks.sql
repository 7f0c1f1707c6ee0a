-- pxl:no-transaction
-- Flagged clicks in the rollups (docs/product/fraud.md, "Fraud % in statistics"). The click writer adds to these
-- tables in every batch, so each ALTER commits on its own and holds one table's lock for a catalog change only: a
-- constant default rewrites no row (docs/decisions/049-online-migrations.md). Then the zone build of migration 0015
-- learns the new count, so a partner zone chosen later keeps its flagged clicks.
ALTER TABLE "stats_daily" ADD COLUMN "fraud_clicks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_daily_core" ADD COLUMN "fraud_clicks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_hourly" ADD COLUMN "fraud_clicks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
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
      conversions, approved, pending, rejected, hold, payout, revenue, leads, accepted, ftd, fraud_clicks)
    SELECT z, (hour AT TIME ZONE z)::date, offer_id, affiliate_id, country, product_id, currency, sum(clicks), sum(unique_clicks),
      sum(trafficback), sum(bots), sum(conversions), sum(approved), sum(pending), sum(rejected), sum(hold), sum(payout), sum(revenue),
      sum(leads), sum(accepted), sum(ftd), sum(fraud_clicks)
    FROM stats_hourly GROUP BY 2, 3, 4, 5, 6, 7;
  END LOOP;
END;
$$;
