CREATE TABLE "affiliate_postbacks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"event" text NOT NULL,
	"offer_id" uuid,
	"url" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbound_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"postback_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"url" text NOT NULL,
	"status_code" integer,
	"response" text DEFAULT '' NOT NULL,
	"duration_ms" integer NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "outbound_postbacks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"offer_id" uuid,
	"conversion_id" uuid,
	"event" text NOT NULL,
	"url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts_count" integer DEFAULT 0 NOT NULL,
	"last_status_code" integer,
	"next_attempt_at" timestamp with time zone,
	CONSTRAINT "outbound_postbacks_status_check" CHECK ("outbound_postbacks"."status" in ('pending','delivered','failed','refused'))
);
--> statement-breakpoint
ALTER TABLE "affiliate_postbacks" ADD CONSTRAINT "affiliate_postbacks_affiliate_id_users_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_postbacks" ADD CONSTRAINT "affiliate_postbacks_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_attempts" ADD CONSTRAINT "outbound_attempts_postback_id_outbound_postbacks_id_fk" FOREIGN KEY ("postback_id") REFERENCES "public"."outbound_postbacks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_postbacks" ADD CONSTRAINT "outbound_postbacks_affiliate_id_users_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_postbacks" ADD CONSTRAINT "outbound_postbacks_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_postbacks" ADD CONSTRAINT "outbound_postbacks_conversion_id_conversions_id_fk" FOREIGN KEY ("conversion_id") REFERENCES "public"."conversions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_postbacks_general_uq" ON "affiliate_postbacks" USING btree ("affiliate_id","event") WHERE offer_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_postbacks_offer_uq" ON "affiliate_postbacks" USING btree ("affiliate_id","event","offer_id") WHERE offer_id is not null;--> statement-breakpoint
CREATE INDEX "outbound_attempts_postback_idx" ON "outbound_attempts" USING btree ("postback_id","at");--> statement-breakpoint
CREATE INDEX "outbound_postbacks_created_idx" ON "outbound_postbacks" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "outbound_postbacks_affiliate_idx" ON "outbound_postbacks" USING btree ("affiliate_id","created_at");--> statement-breakpoint
CREATE INDEX "outbound_postbacks_offer_idx" ON "outbound_postbacks" USING btree ("offer_id","created_at");--> statement-breakpoint
CREATE INDEX "outbound_postbacks_conversion_idx" ON "outbound_postbacks" USING btree ("conversion_id");