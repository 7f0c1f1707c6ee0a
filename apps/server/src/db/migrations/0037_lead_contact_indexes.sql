-- pxl:no-transaction
-- The fraud signal duplicate_contact counts other offers that got the same email or phone within N days; the
-- existing de-dup indexes lead with offer_id. Built concurrently: leads take writes while it runs
-- (docs/decisions/049-online-migrations.md).
CREATE INDEX CONCURRENTLY IF NOT EXISTS "leads_email_created_idx" ON "leads" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "leads_phone_created_idx" ON "leads" USING btree ("phone","created_at");
