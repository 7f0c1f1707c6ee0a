CREATE INDEX "clicks_created_idx" ON "clicks" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "conversions_created_idx" ON "conversions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "conversions_lead_idx" ON "conversions" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "leads_created_idx" ON "leads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "leads_click_idx" ON "leads" USING btree ("click_id");