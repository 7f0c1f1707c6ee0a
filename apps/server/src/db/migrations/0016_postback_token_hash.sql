ALTER TABLE "users" ADD COLUMN "postback_token_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "postback_token_hint" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_postback_token_hash_unique" UNIQUE("postback_token_hash");--> statement-breakpoint
-- Existing tokens are hashed in place with the built-in sha256() (PostgreSQL 11+): no extension, no key needed.
UPDATE "users" SET "postback_token_hash" = encode(sha256(convert_to("postback_token", 'UTF8')), 'hex'), "postback_token_hint" = right("postback_token", 4) WHERE "postback_token" IS NOT NULL;
