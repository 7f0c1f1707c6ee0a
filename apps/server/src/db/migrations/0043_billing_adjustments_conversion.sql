ALTER TABLE "billing_adjustments" ADD COLUMN "conversion_id" uuid;--> statement-breakpoint
ALTER TABLE "billing_adjustments" ADD CONSTRAINT "billing_adjustments_conversion_id_conversions_id_fk" FOREIGN KEY ("conversion_id") REFERENCES "public"."conversions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_adjustments_conversion_idx" ON "billing_adjustments" USING btree ("conversion_id") WHERE conversion_id is not null;--> statement-breakpoint
UPDATE "billing_adjustments" AS a SET "conversion_id" = r."conversion_id" FROM "reconciliation_rows" AS r WHERE a."source" = 'reconciliation' AND a."source_id" = r."id" AND r."conversion_id" IS NOT NULL;
