ALTER TABLE "stats_daily" DROP CONSTRAINT "stats_daily_day_offer_id_affiliate_id_landing_id_country_pk";--> statement-breakpoint
ALTER TABLE "stats_hourly" DROP CONSTRAINT "stats_hourly_hour_offer_id_affiliate_id_landing_id_country_pk";--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "landing_id" uuid;--> statement-breakpoint
ALTER TABLE "rollup_deltas" ADD COLUMN "device" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "rollup_deltas" ADD COLUMN "os" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "rollup_deltas" ADD COLUMN "product_id" uuid DEFAULT '00000000-0000-0000-0000-000000000000' NOT NULL;--> statement-breakpoint
ALTER TABLE "rollup_deltas" ADD COLUMN "currency" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "rollup_deltas" ADD COLUMN "leads" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rollup_deltas" ADD COLUMN "accepted" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rollup_deltas" ADD COLUMN "ftd" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_daily" ADD COLUMN "device" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_daily" ADD COLUMN "os" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_daily" ADD COLUMN "product_id" uuid DEFAULT '00000000-0000-0000-0000-000000000000' NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_daily" ADD COLUMN "currency" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_daily" ADD COLUMN "leads" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_daily" ADD COLUMN "accepted" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_daily" ADD COLUMN "ftd" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_hourly" ADD COLUMN "device" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_hourly" ADD COLUMN "os" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_hourly" ADD COLUMN "product_id" uuid DEFAULT '00000000-0000-0000-0000-000000000000' NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_hourly" ADD COLUMN "currency" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_hourly" ADD COLUMN "leads" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_hourly" ADD COLUMN "accepted" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_hourly" ADD COLUMN "ftd" integer DEFAULT 0 NOT NULL;
ALTER TABLE "stats_daily" ADD CONSTRAINT "stats_daily_day_offer_id_affiliate_id_landing_id_country_device_os_product_id_currency_pk" PRIMARY KEY("day","offer_id","affiliate_id","landing_id","country","device","os","product_id","currency");--> statement-breakpoint
ALTER TABLE "stats_hourly" ADD CONSTRAINT "stats_hourly_hour_offer_id_affiliate_id_landing_id_country_device_os_product_id_currency_pk" PRIMARY KEY("hour","offer_id","affiliate_id","landing_id","country","device","os","product_id","currency");--> statement-breakpoint
-- Lead rollups follow every change of a lead's status or product, whichever code makes it (lead API, status pulls,
-- the demo seed), in the statement that makes it: user sessions count under the lead's current product.
CREATE OR REPLACE FUNCTION pxl_lead_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF old.status IS NOT DISTINCT FROM new.status AND old.product_id IS NOT DISTINCT FROM new.product_id THEN RETURN NULL; END IF;
    IF NOT old.is_test THEN
      INSERT INTO rollup_deltas (at, offer_id, affiliate_id, landing_id, country, device, os, product_id, leads, accepted)
      VALUES (old.created_at, old.offer_id, old.affiliate_id, coalesce(old.landing_id, '00000000-0000-0000-0000-000000000000'),
        coalesce(old.country, ''), coalesce(old.device, ''), coalesce(old.os, ''), coalesce(old.product_id, '00000000-0000-0000-0000-000000000000'),
        -1, CASE WHEN old.status = 'accepted' THEN -1 ELSE 0 END);
    END IF;
  END IF;
  IF NOT new.is_test THEN
    INSERT INTO rollup_deltas (at, offer_id, affiliate_id, landing_id, country, device, os, product_id, leads, accepted)
    VALUES (new.created_at, new.offer_id, new.affiliate_id, coalesce(new.landing_id, '00000000-0000-0000-0000-000000000000'),
      coalesce(new.country, ''), coalesce(new.device, ''), coalesce(new.os, ''), coalesce(new.product_id, '00000000-0000-0000-0000-000000000000'),
      1, CASE WHEN new.status = 'accepted' THEN 1 ELSE 0 END);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER leads_rollup AFTER INSERT OR UPDATE OF status, product_id ON leads FOR EACH ROW EXECUTE FUNCTION pxl_lead_rollup();--> statement-breakpoint
UPDATE conversions v SET landing_id = coalesce(l.landing_id, c.landing_id)
FROM conversions x LEFT JOIN clicks c ON c.id = x.click_id LEFT JOIN leads l ON l.id = x.lead_id
WHERE x.id = v.id AND coalesce(l.landing_id, c.landing_id) IS NOT NULL;--> statement-breakpoint
-- The rollups gained dimensions: rebuilt from the raw tables (the same mapping as the report's raw source).
TRUNCATE stats_hourly, stats_daily, rollup_deltas;--> statement-breakpoint
INSERT INTO stats_hourly (hour, offer_id, affiliate_id, landing_id, country, device, os, product_id, currency,
  clicks, unique_clicks, trafficback, bots, conversions, approved, pending, rejected, hold, payout, revenue, leads, accepted, ftd)
SELECT date_trunc('hour', at, 'UTC'), offer_id, affiliate_id, landing_id, country, device, os, product_id, currency,
  sum(clicks), sum(unique_clicks), sum(trafficback), sum(bots), sum(conversions), sum(approved), sum(pending), sum(rejected), sum(hold),
  sum(payout), sum(revenue), sum(leads), sum(accepted), sum(ftd)
FROM (
  SELECT created_at AS at, offer_id, coalesce(affiliate_id, '00000000-0000-0000-0000-000000000000') AS affiliate_id,
    coalesce(landing_id, '00000000-0000-0000-0000-000000000000') AS landing_id, coalesce(country, '') AS country, coalesce(device, '') AS device,
    coalesce(os, '') AS os, '00000000-0000-0000-0000-000000000000'::uuid AS product_id, '' AS currency,
    1 AS clicks, is_unique::int AS unique_clicks, (trafficback_reason IS NOT NULL)::int AS trafficback, is_bot::int AS bots,
    0 AS conversions, 0 AS approved, 0 AS pending, 0 AS rejected, 0 AS hold, 0 AS payout, 0 AS revenue, 0 AS leads, 0 AS accepted, 0 AS ftd
  FROM clicks
  UNION ALL
  SELECT v.created_at, v.offer_id, v.affiliate_id, coalesce(v.landing_id, '00000000-0000-0000-0000-000000000000'),
    coalesce(v.country, ''), coalesce(v.device, ''), coalesce(v.os, ''), coalesce(v.product_id, '00000000-0000-0000-0000-000000000000'), v.currency,
    0, 0, 0, 0, 1, (v.status = 'approved')::int, (v.status = 'pending')::int, (v.status = 'rejected')::int, (v.status = 'hold')::int,
    CASE WHEN v.status <> 'rejected' THEN v.payout ELSE 0 END, CASE WHEN v.status <> 'rejected' THEN v.revenue ELSE 0 END, 0, 0, (v.goal = 'ftd')::int
  FROM conversions v
  WHERE NOT v.is_test AND v.flow = 'accepted'
  UNION ALL
  SELECT created_at, offer_id, affiliate_id, coalesce(landing_id, '00000000-0000-0000-0000-000000000000'), coalesce(country, ''), coalesce(device, ''),
    coalesce(os, ''), coalesce(product_id, '00000000-0000-0000-0000-000000000000'), '',
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, (status = 'accepted')::int, 0
  FROM leads WHERE NOT is_test
) raw
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;--> statement-breakpoint
INSERT INTO stats_daily (day, offer_id, affiliate_id, landing_id, country, device, os, product_id, currency,
  clicks, unique_clicks, trafficback, bots, conversions, approved, pending, rejected, hold, payout, revenue, leads, accepted, ftd)
SELECT (hour AT TIME ZONE 'UTC')::date, offer_id, affiliate_id, landing_id, country, device, os, product_id, currency,
  sum(clicks), sum(unique_clicks), sum(trafficback), sum(bots), sum(conversions), sum(approved), sum(pending), sum(rejected), sum(hold),
  sum(payout), sum(revenue), sum(leads), sum(accepted), sum(ftd)
FROM stats_hourly GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;
