ALTER TABLE "users" DROP CONSTRAINT "users_postback_token_unique";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "postback_token";