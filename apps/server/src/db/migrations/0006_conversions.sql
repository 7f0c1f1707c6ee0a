CREATE TABLE "conversion_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversion_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"source" text NOT NULL,
	"actor_id" uuid,
	"reason" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbound_postbacks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"advertiser_id" uuid,
	"offer_id" uuid,
	"affiliate_id" uuid,
	"click_id" text,
	"conversion_id" uuid,
	"method" text NOT NULL,
	"params" jsonb NOT NULL,
	"ip" text,
	"status_code" integer NOT NULL,
	"response" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "txid" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "hold_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "paid" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "conversion_history" ADD CONSTRAINT "conversion_history_conversion_id_conversions_id_fk" FOREIGN KEY ("conversion_id") REFERENCES "public"."conversions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversion_history" ADD CONSTRAINT "conversion_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_postbacks" ADD CONSTRAINT "inbound_postbacks_advertiser_id_users_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversion_history_conversion_idx" ON "conversion_history" USING btree ("conversion_id","created_at");--> statement-breakpoint
CREATE INDEX "inbound_postbacks_created_idx" ON "inbound_postbacks" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "inbound_postbacks_affiliate_idx" ON "inbound_postbacks" USING btree ("affiliate_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "conversions_click_goal_txid_uq" ON "conversions" USING btree ("click_id","goal","txid");--> statement-breakpoint
CREATE INDEX "conversions_hold_idx" ON "conversions" USING btree ("hold_until") WHERE status = 'pending';