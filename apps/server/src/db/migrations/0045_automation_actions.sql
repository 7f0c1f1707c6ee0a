CREATE TABLE "automation_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rule_id" uuid,
	"type" text NOT NULL,
	"subject" jsonb NOT NULL,
	"figures" jsonb NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"summary" text NOT NULL,
	"status" text DEFAULT 'done' NOT NULL,
	"error" text,
	"undoes" uuid,
	"by_user" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automation_actions_type_check" CHECK ("automation_actions"."type" in ('notify','pause_affiliate','remove_product','set_cap','hold_conversions','undo')),
	CONSTRAINT "automation_actions_status_check" CHECK ("automation_actions"."status" in ('done','undone','failed'))
);
--> statement-breakpoint
CREATE TABLE "automation_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"action_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"offer_id" uuid,
	"affiliate_id" uuid,
	"sub_key" text,
	"sub_value" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automation_blocks_scope_unique" UNIQUE NULLS NOT DISTINCT("kind","offer_id","affiliate_id","sub_key","sub_value"),
	CONSTRAINT "automation_blocks_kind_check" CHECK ("automation_blocks"."kind" in ('pause','hold')),
	CONSTRAINT "automation_blocks_pause_check" CHECK ("automation_blocks"."kind" <> 'pause' or ("automation_blocks"."offer_id" is not null and "automation_blocks"."affiliate_id" is not null)),
	CONSTRAINT "automation_blocks_sub_check" CHECK ("automation_blocks"."sub_key" is null or ("automation_blocks"."sub_key" in ('sub1','sub2','sub3','sub4','sub5') and "automation_blocks"."sub_value" is not null))
);
--> statement-breakpoint
ALTER TABLE "automation_actions" ADD CONSTRAINT "automation_actions_rule_id_automation_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."automation_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_actions" ADD CONSTRAINT "automation_actions_undoes_automation_actions_id_fk" FOREIGN KEY ("undoes") REFERENCES "public"."automation_actions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_actions" ADD CONSTRAINT "automation_actions_by_user_users_id_fk" FOREIGN KEY ("by_user") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_blocks" ADD CONSTRAINT "automation_blocks_action_id_automation_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."automation_actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_blocks" ADD CONSTRAINT "automation_blocks_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_blocks" ADD CONSTRAINT "automation_blocks_affiliate_id_users_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "automation_actions_created_idx" ON "automation_actions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "automation_actions_rule_idx" ON "automation_actions" USING btree ("rule_id","created_at");--> statement-breakpoint
CREATE INDEX "automation_blocks_action_idx" ON "automation_blocks" USING btree ("action_id");--> statement-breakpoint
-- A pause is read into the click and lead caches with its offer: a pause made or lifted tells every process
-- (LISTEN pxl_cache, as in 0005) to drop its copy. Holds are read by the postback's statement itself.
CREATE TRIGGER automation_blocks_cache_notify AFTER INSERT OR UPDATE OR DELETE ON automation_blocks FOR EACH STATEMENT EXECUTE FUNCTION pxl_notify_cache();
