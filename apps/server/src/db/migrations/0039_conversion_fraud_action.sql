-- A nullable column without a default: a catalog change, no row rewritten; one hot table in this transaction
-- (docs/decisions/049-online-migrations.md).
ALTER TABLE "conversions" ADD COLUMN "fraud_action" text;
