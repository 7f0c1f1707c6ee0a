CREATE TABLE "billing_adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"comment" text NOT NULL,
	"source" text NOT NULL,
	"source_id" uuid,
	"invoice_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_adjustments_amount_check" CHECK ("billing_adjustments"."amount" <> 0),
	CONSTRAINT "billing_adjustments_source_check" CHECK ("billing_adjustments"."source" in ('reconciliation'))
);
--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "billing_adjustments" ADD CONSTRAINT "billing_adjustments_affiliate_id_users_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_adjustments" ADD CONSTRAINT "billing_adjustments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_adjustments" ADD CONSTRAINT "billing_adjustments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_adjustments_source_uq" ON "billing_adjustments" USING btree ("source","source_id") WHERE source_id is not null;--> statement-breakpoint
CREATE INDEX "billing_adjustments_pending_idx" ON "billing_adjustments" USING btree ("affiliate_id","currency") WHERE invoice_id is null;--> statement-breakpoint
CREATE INDEX "billing_adjustments_invoice_idx" ON "billing_adjustments" USING btree ("invoice_id");