-- Invoices freeze the affiliate's payment methods when they are made, so a later change of the account's details does
-- not redirect an invoice already issued (docs/product/billing.md). Invoices made before this migration get the
-- details the account holds now: the waiting and partly paid ones are what the payout batch reads; the paid and
-- declined ones keep showing the details their detail screen showed until now.
ALTER TABLE "invoices" ADD COLUMN "payment_methods" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "invoices" i SET "payment_methods" = u."payment_methods" FROM "users" u WHERE u."id" = i."affiliate_id";
