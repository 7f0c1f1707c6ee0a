ALTER TABLE "lead_idempotency" ADD COLUMN "alive_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "sending_attempt_id" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "sending_product_id" uuid;--> statement-breakpoint
CREATE INDEX "lead_idempotency_created_idx" ON "lead_idempotency" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "leads_processing_idx" ON "leads" USING btree ("updated_at") WHERE "leads"."status" = 'processing';