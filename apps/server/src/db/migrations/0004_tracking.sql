CREATE TABLE "click_uniques" (
	"ip" text NOT NULL,
	"offer_id" uuid NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "click_uniques_ip_offer_id_pk" PRIMARY KEY("ip","offer_id")
);
--> statement-breakpoint
CREATE TABLE "stats_daily" (
	"day" date NOT NULL,
	"offer_id" uuid NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"landing_id" uuid NOT NULL,
	"country" text NOT NULL,
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
	CONSTRAINT "stats_daily_day_offer_id_affiliate_id_landing_id_country_pk" PRIMARY KEY("day","offer_id","affiliate_id","landing_id","country")
);
--> statement-breakpoint
CREATE TABLE "stats_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"offer_id" uuid NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"landing_id" uuid NOT NULL,
	"country" text NOT NULL,
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
	CONSTRAINT "stats_hourly_hour_offer_id_affiliate_id_landing_id_country_pk" PRIMARY KEY("hour","offer_id","affiliate_id","landing_id","country")
);
--> statement-breakpoint
CREATE TABLE "tracking_domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"dns_checked_at" timestamp with time zone,
	"dns_ok" boolean,
	"dns_detail" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracking_domains_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "clicks" ADD COLUMN "user_agent" text;--> statement-breakpoint
CREATE INDEX "stats_daily_affiliate_idx" ON "stats_daily" USING btree ("affiliate_id","day");--> statement-breakpoint
CREATE INDEX "stats_hourly_affiliate_idx" ON "stats_hourly" USING btree ("affiliate_id","hour");--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_domains_one_default" ON "tracking_domains" USING btree ("is_default") WHERE is_default;