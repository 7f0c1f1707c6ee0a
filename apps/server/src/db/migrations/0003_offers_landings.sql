CREATE TABLE "clicks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"offer_id" uuid NOT NULL,
	"affiliate_id" uuid,
	"landing_id" uuid,
	"prelanding_id" uuid,
	"sub1" text,
	"sub2" text,
	"sub3" text,
	"sub4" text,
	"sub5" text,
	"ip" text,
	"country" text,
	"device" text,
	"os" text,
	"browser" text,
	"referrer" text,
	"is_unique" boolean DEFAULT true NOT NULL,
	"is_bot" boolean DEFAULT false NOT NULL,
	"trafficback_reason" text
);
--> statement-breakpoint
CREATE TABLE "conversions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"click_id" uuid,
	"lead_id" uuid,
	"product_id" uuid,
	"offer_id" uuid NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"goal" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"flow" text DEFAULT 'accepted' NOT NULL,
	"payout" integer DEFAULT 0 NOT NULL,
	"revenue" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"country" text,
	"device" text,
	"os" text,
	"is_test" boolean DEFAULT false NOT NULL,
	CONSTRAINT "conversions_status_check" CHECK ("conversions"."status" in ('pending','approved','rejected','hold')),
	CONSTRAINT "conversions_flow_check" CHECK ("conversions"."flow" in ('accepted','trafficback'))
);
--> statement-breakpoint
CREATE TABLE "landings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "landings_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 100 CACHE 1),
	"name" text NOT NULL,
	"type" text DEFAULT 'landing' NOT NULL,
	"url" text NOT NULL,
	"preview_url" text,
	"languages" text[] DEFAULT '{}' NOT NULL,
	"privacy" text DEFAULT 'public' NOT NULL,
	"status" text DEFAULT 'moderation' NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "landings_number_unique" UNIQUE("number"),
	CONSTRAINT "landings_type_check" CHECK ("landings"."type" in ('landing','prelanding')),
	CONSTRAINT "landings_status_check" CHECK ("landings"."status" in ('active','moderation','stopped','deleted')),
	CONSTRAINT "landings_privacy_check" CHECK ("landings"."privacy" in ('public','private'))
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"offer_id" uuid NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"click_id" uuid,
	"product_id" uuid,
	"country" text,
	"device" text,
	"os" text,
	"status" text DEFAULT 'new' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_access_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_access_requests_status_check" CHECK ("offer_access_requests"."status" in ('pending','approved','declined'))
);
--> statement-breakpoint
CREATE TABLE "offer_caps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"metric" text NOT NULL,
	"period" text NOT NULL,
	"limit" integer NOT NULL,
	"geo" text,
	"device" text,
	"os" text,
	"affiliate_id" uuid,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "offer_caps_metric_check" CHECK ("offer_caps"."metric" in ('clicks','leads','conversions')),
	CONSTRAINT "offer_caps_period_check" CHECK ("offer_caps"."period" in ('day','week','month','total')),
	CONSTRAINT "offer_caps_limit_check" CHECK ("offer_caps"."limit" > 0)
);
--> statement-breakpoint
CREATE TABLE "offer_landings" (
	"offer_id" uuid NOT NULL,
	"landing_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "offer_landings_offer_id_landing_id_pk" PRIMARY KEY("offer_id","landing_id")
);
--> statement-breakpoint
CREATE TABLE "offer_payout_overrides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"goal" text NOT NULL,
	"geo" text,
	"payout" integer NOT NULL,
	"payout_percent_bp" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_products" (
	"offer_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"priority" integer DEFAULT 1 NOT NULL,
	"weight" integer DEFAULT 100 NOT NULL,
	"geos" text[] DEFAULT '{}' NOT NULL,
	"caps" jsonb DEFAULT '{"daily":null,"total":null,"per_geo":[]}'::jsonb NOT NULL,
	"working_hours" jsonb,
	"payout_override" integer,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "offer_products_offer_id_product_id_pk" PRIMARY KEY("offer_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "offer_trusted_affiliates" (
	"offer_id" uuid NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"added_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_trusted_affiliates_offer_id_affiliate_id_pk" PRIMARY KEY("offer_id","affiliate_id")
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "offers_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1000 CACHE 1),
	"type" text NOT NULL,
	"status" text DEFAULT 'not_active' NOT NULL,
	"title" text NOT NULL,
	"vertical" text NOT NULL,
	"privacy" text DEFAULT 'public' NOT NULL,
	"advertiser_id" uuid,
	"currency" text DEFAULT 'USD' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"traffic_sources" text[] DEFAULT '{}' NOT NULL,
	"image_url" text,
	"geos" text[] DEFAULT '{}' NOT NULL,
	"devices" text[] DEFAULT '{}' NOT NULL,
	"oss" text[] DEFAULT '{}' NOT NULL,
	"starts_at" timestamp with time zone,
	"stops_at" timestamp with time zone,
	"notes" text DEFAULT '' NOT NULL,
	"tracking_url" text,
	"preview_url" text,
	"trafficback_url" text,
	"goals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hold_days" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_number_unique" UNIQUE("number"),
	CONSTRAINT "offers_type_check" CHECK ("offers"."type" in ('direct_link','api')),
	CONSTRAINT "offers_status_check" CHECK ("offers"."status" in ('active','not_active','stopped','deleted')),
	CONSTRAINT "offers_privacy_check" CHECK ("offers"."privacy" in ('public','premoderation','private')),
	CONSTRAINT "offers_dates_check" CHECK ("offers"."stops_at" is null or "offers"."starts_at" is null or "offers"."stops_at" > "offers"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_affiliate_id_users_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_affiliate_id_users_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_access_requests" ADD CONSTRAINT "offer_access_requests_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_access_requests" ADD CONSTRAINT "offer_access_requests_affiliate_id_users_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_access_requests" ADD CONSTRAINT "offer_access_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_caps" ADD CONSTRAINT "offer_caps_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_caps" ADD CONSTRAINT "offer_caps_affiliate_id_users_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_landings" ADD CONSTRAINT "offer_landings_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_landings" ADD CONSTRAINT "offer_landings_landing_id_landings_id_fk" FOREIGN KEY ("landing_id") REFERENCES "public"."landings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_payout_overrides" ADD CONSTRAINT "offer_payout_overrides_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_payout_overrides" ADD CONSTRAINT "offer_payout_overrides_affiliate_id_users_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_products" ADD CONSTRAINT "offer_products_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_products" ADD CONSTRAINT "offer_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_trusted_affiliates" ADD CONSTRAINT "offer_trusted_affiliates_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_trusted_affiliates" ADD CONSTRAINT "offer_trusted_affiliates_affiliate_id_users_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_trusted_affiliates" ADD CONSTRAINT "offer_trusted_affiliates_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_advertiser_id_users_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clicks_offer_created_idx" ON "clicks" USING btree ("offer_id","created_at");--> statement-breakpoint
CREATE INDEX "clicks_affiliate_created_idx" ON "clicks" USING btree ("affiliate_id","created_at");--> statement-breakpoint
CREATE INDEX "conversions_offer_created_idx" ON "conversions" USING btree ("offer_id","created_at");--> statement-breakpoint
CREATE INDEX "conversions_affiliate_created_idx" ON "conversions" USING btree ("affiliate_id","created_at");--> statement-breakpoint
CREATE INDEX "landings_created_idx" ON "landings" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "leads_offer_created_idx" ON "leads" USING btree ("offer_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_affiliate_created_idx" ON "leads" USING btree ("affiliate_id","created_at");--> statement-breakpoint
CREATE INDEX "offer_access_requests_offer_idx" ON "offer_access_requests" USING btree ("offer_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "offer_access_requests_pending_uq" ON "offer_access_requests" USING btree ("offer_id","affiliate_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "offer_caps_offer_idx" ON "offer_caps" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "offer_landings_landing_idx" ON "offer_landings" USING btree ("landing_id");--> statement-breakpoint
CREATE INDEX "offer_payout_overrides_offer_idx" ON "offer_payout_overrides" USING btree ("offer_id","affiliate_id");--> statement-breakpoint
CREATE INDEX "offer_trusted_affiliate_idx" ON "offer_trusted_affiliates" USING btree ("affiliate_id");--> statement-breakpoint
CREATE INDEX "offers_created_idx" ON "offers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "offers_advertiser_idx" ON "offers" USING btree ("advertiser_id");--> statement-breakpoint
CREATE INDEX "offers_geos_idx" ON "offers" USING gin ("geos");