ALTER TABLE "products" ALTER COLUMN "integration" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "integration" SET DEFAULT '{}'::json;