-- pxl:no-transaction
-- Nullable columns without a default: catalog-only on each hot table (and the partitions of clicks); one commit
-- each, so no statement holds one hot table while it waits for the next (docs/decisions/049-online-migrations.md).
ALTER TABLE "clicks" ADD COLUMN "fraud_score" smallint;--> statement-breakpoint
ALTER TABLE "clicks" ADD COLUMN "fraud_reasons" jsonb;--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "fraud_score" smallint;--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "fraud_reasons" jsonb;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "fraud_score" smallint;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "fraud_reasons" jsonb;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "fraud_settings" jsonb;
