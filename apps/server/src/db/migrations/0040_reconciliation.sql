CREATE TABLE "reconciliation_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"advertiser_id" uuid NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"file_name" text NOT NULL,
	"file_size" integer NOT NULL,
	"format" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state" text DEFAULT 'parsed' NOT NULL,
	"summary" jsonb,
	CONSTRAINT "reconciliation_imports_format_check" CHECK ("reconciliation_imports"."format" in ('csv','xlsx')),
	CONSTRAINT "reconciliation_imports_period_check" CHECK ("reconciliation_imports"."period_from" <= "reconciliation_imports"."period_to")
);
--> statement-breakpoint
CREATE TABLE "reconciliation_mappings" (
	"advertiser_id" uuid PRIMARY KEY NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reconciliation_rows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"import_id" uuid NOT NULL,
	"line" integer,
	"data" jsonb,
	"conversion_id" uuid,
	"bucket" text,
	"our_status" text,
	"our_amount" bigint,
	"our_currency" text,
	"applied_at" timestamp with time zone,
	"applied_by" uuid
);
--> statement-breakpoint
ALTER TABLE "reconciliation_imports" ADD CONSTRAINT "reconciliation_imports_advertiser_id_users_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_imports" ADD CONSTRAINT "reconciliation_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_mappings" ADD CONSTRAINT "reconciliation_mappings_advertiser_id_users_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_mappings" ADD CONSTRAINT "reconciliation_mappings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_rows" ADD CONSTRAINT "reconciliation_rows_import_id_reconciliation_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."reconciliation_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_rows" ADD CONSTRAINT "reconciliation_rows_applied_by_users_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reconciliation_imports_advertiser_idx" ON "reconciliation_imports" USING btree ("advertiser_id","created_at");--> statement-breakpoint
CREATE INDEX "reconciliation_rows_import_idx" ON "reconciliation_rows" USING btree ("import_id","line");