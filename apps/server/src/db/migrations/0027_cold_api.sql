CREATE TABLE "cold_add_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"list_id" uuid NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"source" text NOT NULL,
	"filters" jsonb NOT NULL,
	"requested_by" uuid,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"added" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "cold_add_jobs_state_check" CHECK ("cold_add_jobs"."state" in ('running','done','failed'))
);
--> statement-breakpoint
CREATE TABLE "cold_distributions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"list_id" uuid NOT NULL,
	"rule_id" uuid NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"offer_id" uuid NOT NULL,
	"product_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"hour_from" integer DEFAULT 0 NOT NULL,
	"hour_to" integer DEFAULT 24 NOT NULL,
	"time_zone" text NOT NULL,
	"interval_min" integer NOT NULL,
	"interval_max" integer NOT NULL,
	"daily_limit" integer,
	"order" text DEFAULT 'newest' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"last_send_at" timestamp with time zone,
	"next_send_at" timestamp with time zone,
	"waiting" text,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cold_distributions_status_check" CHECK ("cold_distributions"."status" in ('active','paused','done','deleted')),
	CONSTRAINT "cold_distributions_order_check" CHECK ("cold_distributions"."order" in ('newest','oldest')),
	CONSTRAINT "cold_distributions_hours_check" CHECK ("cold_distributions"."hour_from" between 0 and 23 and "cold_distributions"."hour_to" between 1 and 24),
	CONSTRAINT "cold_distributions_interval_check" CHECK ("cold_distributions"."interval_min" >= 0 and "cold_distributions"."interval_max" >= "cold_distributions"."interval_min")
);
--> statement-breakpoint
CREATE TABLE "cold_lead_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"source" text DEFAULT 'user_session' NOT NULL,
	"filters" jsonb,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cold_list_leads" (
	"list_id" uuid NOT NULL,
	"lead_id" uuid NOT NULL,
	"source" text NOT NULL,
	"conversion_id" uuid,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cold_list_leads_list_id_lead_id_pk" PRIMARY KEY("list_id","lead_id"),
	CONSTRAINT "cold_list_leads_source_check" CHECK ("cold_list_leads"."source" in ('user_session','conversion'))
);
--> statement-breakpoint
CREATE TABLE "cold_product_claims" (
	"origin_lead_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"distribution_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cold_product_claims_origin_lead_id_product_id_pk" PRIMARY KEY("origin_lead_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "cold_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"max_resends" integer NOT NULL,
	"min_days_between" integer DEFAULT 0 NOT NULL,
	"never_same_product" boolean DEFAULT true NOT NULL,
	"skip_ftd" boolean DEFAULT true NOT NULL,
	"geos" text[] DEFAULT '{}'::text[] NOT NULL,
	"send_original_ip" boolean DEFAULT true NOT NULL,
	"neutral_ip" text,
	"regenerate_password" boolean DEFAULT false NOT NULL,
	"funnel" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cold_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"distribution_id" uuid NOT NULL,
	"origin_lead_id" uuid NOT NULL,
	"session_id" uuid,
	"skip_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "gender" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "origin_lead_id" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "cold_distribution_id" uuid;--> statement-breakpoint
ALTER TABLE "cold_add_jobs" ADD CONSTRAINT "cold_add_jobs_list_id_cold_lead_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."cold_lead_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cold_add_jobs" ADD CONSTRAINT "cold_add_jobs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cold_distributions" ADD CONSTRAINT "cold_distributions_list_id_cold_lead_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."cold_lead_lists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cold_distributions" ADD CONSTRAINT "cold_distributions_rule_id_cold_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."cold_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cold_distributions" ADD CONSTRAINT "cold_distributions_affiliate_id_users_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cold_distributions" ADD CONSTRAINT "cold_distributions_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cold_distributions" ADD CONSTRAINT "cold_distributions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cold_lead_lists" ADD CONSTRAINT "cold_lead_lists_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cold_list_leads" ADD CONSTRAINT "cold_list_leads_list_id_cold_lead_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."cold_lead_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cold_list_leads" ADD CONSTRAINT "cold_list_leads_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cold_list_leads" ADD CONSTRAINT "cold_list_leads_conversion_id_conversions_id_fk" FOREIGN KEY ("conversion_id") REFERENCES "public"."conversions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cold_product_claims" ADD CONSTRAINT "cold_product_claims_origin_lead_id_leads_id_fk" FOREIGN KEY ("origin_lead_id") REFERENCES "public"."leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cold_product_claims" ADD CONSTRAINT "cold_product_claims_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cold_product_claims" ADD CONSTRAINT "cold_product_claims_distribution_id_cold_distributions_id_fk" FOREIGN KEY ("distribution_id") REFERENCES "public"."cold_distributions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cold_rules" ADD CONSTRAINT "cold_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cold_sends" ADD CONSTRAINT "cold_sends_distribution_id_cold_distributions_id_fk" FOREIGN KEY ("distribution_id") REFERENCES "public"."cold_distributions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cold_sends" ADD CONSTRAINT "cold_sends_origin_lead_id_leads_id_fk" FOREIGN KEY ("origin_lead_id") REFERENCES "public"."leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cold_sends" ADD CONSTRAINT "cold_sends_session_id_leads_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cold_add_jobs_list_idx" ON "cold_add_jobs" USING btree ("list_id","created_at");--> statement-breakpoint
CREATE INDEX "cold_distributions_status_idx" ON "cold_distributions" USING btree ("status");--> statement-breakpoint
CREATE INDEX "cold_list_leads_lead_idx" ON "cold_list_leads" USING btree ("lead_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cold_sends_distribution_lead_uq" ON "cold_sends" USING btree ("distribution_id","origin_lead_id");--> statement-breakpoint
CREATE INDEX "cold_sends_distribution_created_idx" ON "cold_sends" USING btree ("distribution_id","created_at");--> statement-breakpoint
CREATE INDEX "cold_sends_origin_idx" ON "cold_sends" USING btree ("origin_lead_id","created_at");--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_origin_lead_id_leads_id_fk" FOREIGN KEY ("origin_lead_id") REFERENCES "public"."leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_origin_idx" ON "leads" USING btree ("origin_lead_id") WHERE "leads"."origin_lead_id" is not null;