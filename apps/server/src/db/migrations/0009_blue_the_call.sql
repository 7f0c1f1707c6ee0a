CREATE TABLE "lead_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"position" integer NOT NULL,
	"result" text NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"request" jsonb,
	"response" jsonb,
	"external_id" text,
	"autologin_url" text,
	"message" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_idempotency" (
	"api_key_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_code" integer,
	"response" jsonb,
	CONSTRAINT "lead_idempotency_api_key_id_key_pk" PRIMARY KEY("api_key_id","key")
);
--> statement-breakpoint
CREATE TABLE "lead_history_status" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"raw_status" text DEFAULT '' NOT NULL,
	"is_ftd" boolean DEFAULT false NOT NULL,
	"amount" integer,
	"source" text NOT NULL,
	"backwards" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_cap_counters" (
	"offer_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"period" text NOT NULL,
	"geo" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_cap_counters_offer_id_product_id_period_geo_pk" PRIMARY KEY("offer_id","product_id","period","geo")
);
--> statement-breakpoint
CREATE TABLE "sandbox_leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"aff_lead_id" text NOT NULL,
	"email" text NOT NULL,
	"country" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ALTER COLUMN "status" SET DEFAULT 'processing';--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "landing_id" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "api_key_id" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "accepted_attempt_id" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "first_name" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "last_name" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "password_enc" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "funnel" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "sub1" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "sub2" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "sub3" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "sub4" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "sub5" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "is_test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "reason_detail" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "autologin_url" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "call_status" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "raw_status" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "is_ftd" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "ftd_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "needs_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "integration" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sandbox_rules" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "pulled_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "pull_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lead_attempts" ADD CONSTRAINT "lead_attempts_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_attempts" ADD CONSTRAINT "lead_attempts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_history_status" ADD CONSTRAINT "lead_history_status_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_attempts_lead_idx" ON "lead_attempts" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "lead_attempts_product_external_idx" ON "lead_attempts" USING btree ("product_id","external_id");--> statement-breakpoint
CREATE INDEX "lead_history_status_lead_idx" ON "lead_history_status" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_leads_product_aff_uq" ON "sandbox_leads" USING btree ("product_id","aff_lead_id");--> statement-breakpoint
CREATE INDEX "sandbox_leads_product_email_idx" ON "sandbox_leads" USING btree ("product_id","email");--> statement-breakpoint
CREATE INDEX "sandbox_leads_product_created_idx" ON "sandbox_leads" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_offer_email_idx" ON "leads" USING btree ("offer_id","email","created_at");--> statement-breakpoint
CREATE INDEX "leads_offer_phone_idx" ON "leads" USING btree ("offer_id","phone","created_at");--> statement-breakpoint
-- Leads written before the lead API existed (demo traffic) were stored as 'new'.
UPDATE "leads" SET "status" = 'accepted' WHERE "status" NOT IN ('processing','accepted','failed','unknown');--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_status_check" CHECK ("leads"."status" in ('processing','accepted','failed','unknown'));