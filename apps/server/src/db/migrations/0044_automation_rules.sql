CREATE TABLE "automation_rule_state" (
	"rule_id" uuid NOT NULL,
	"subject_key" text NOT NULL,
	"last_fired_at" timestamp with time zone NOT NULL,
	"last_value" double precision NOT NULL,
	CONSTRAINT "automation_rule_state_rule_id_subject_key_pk" PRIMARY KEY("rule_id","subject_key")
);
--> statement-breakpoint
CREATE TABLE "automation_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"builtin" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"scope" jsonb NOT NULL,
	"metric" text NOT NULL,
	"window_minutes" integer NOT NULL,
	"condition" jsonb NOT NULL,
	"actions" jsonb NOT NULL,
	"cooldown_minutes" integer DEFAULT 60 NOT NULL,
	"last_evaluated_at" timestamp with time zone,
	"last_fired_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automation_rules_builtin_unique" UNIQUE("builtin")
);
--> statement-breakpoint
ALTER TABLE "automation_rule_state" ADD CONSTRAINT "automation_rule_state_rule_id_automation_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."automation_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_rules" ADD CONSTRAINT "automation_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "automation_rule_state_fired_idx" ON "automation_rule_state" USING btree ("last_fired_at");--> statement-breakpoint
-- The built-in rules (docs/product/automation.md, "Built-in rules"), on from the start; `builtin` is also the alert
-- event each raises. Written by hand: drizzle-kit does not write rows.
INSERT INTO "automation_rules" ("name", "builtin", "scope", "metric", "window_minutes", "condition", "actions", "cooldown_minutes") VALUES
('Cap at 80 %', 'cap_warning', '{"type":"offer","offer_uuid":null,"affiliate_uuid":null,"product_uuid":null,"sub_key":null,"sub_value":null}', 'cap_fill', 1440, '{"kind":"threshold","op":"above","value":80,"min_volume":0}', '[{"type":"notify","channel_uuids":[],"notify_owners":true}]', 60),
('Cap at 100 %', 'cap_reached', '{"type":"offer","offer_uuid":null,"affiliate_uuid":null,"product_uuid":null,"sub_key":null,"sub_value":null}', 'cap_fill', 1440, '{"kind":"threshold","op":"above","value":100,"min_volume":0}', '[{"type":"notify","channel_uuids":[],"notify_owners":true}]', 60),
('A buyer failing or timing out', 'buyer_failing', '{"type":"product","offer_uuid":null,"affiliate_uuid":null,"product_uuid":null,"sub_key":null,"sub_value":null}', 'buyer_errors', 15, '{"kind":"threshold","op":"above","value":10,"min_volume":0}', '[{"type":"notify","channel_uuids":[],"notify_owners":true}]', 60),
('An affiliate''s postbacks failing', 'postbacks_failing', '{"type":"affiliate","offer_uuid":null,"affiliate_uuid":null,"product_uuid":null,"sub_key":null,"sub_value":null}', 'postback_failures', 15, '{"kind":"threshold","op":"above","value":10,"min_volume":0}', '[{"type":"notify","channel_uuids":[],"notify_owners":true}]', 60),
('An active offer with no clicks for an hour', 'offer_no_clicks', '{"type":"offer","offer_uuid":null,"affiliate_uuid":null,"product_uuid":null,"sub_key":null,"sub_value":null}', 'clicks', 60, '{"kind":"threshold","op":"below","value":1,"min_volume":0}', '[{"type":"notify","channel_uuids":[],"notify_owners":true}]', 240)
ON CONFLICT ("builtin") DO NOTHING;
