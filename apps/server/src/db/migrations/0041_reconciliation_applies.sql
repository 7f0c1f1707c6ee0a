CREATE TABLE "reconciliation_applies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"import_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied" integer NOT NULL,
	"conversions_changed" integer NOT NULL,
	"conversions_created" integer NOT NULL,
	"adjustments" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reconciliation_rows" ADD COLUMN "apply_id" uuid;--> statement-breakpoint
ALTER TABLE "reconciliation_rows" ADD COLUMN "applied" jsonb;--> statement-breakpoint
ALTER TABLE "reconciliation_applies" ADD CONSTRAINT "reconciliation_applies_import_id_reconciliation_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."reconciliation_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_applies" ADD CONSTRAINT "reconciliation_applies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reconciliation_applies_import_idx" ON "reconciliation_applies" USING btree ("import_id","created_at");--> statement-breakpoint
ALTER TABLE "reconciliation_rows" ADD CONSTRAINT "reconciliation_rows_apply_id_reconciliation_applies_id_fk" FOREIGN KEY ("apply_id") REFERENCES "public"."reconciliation_applies"("id") ON DELETE no action ON UPDATE no action;