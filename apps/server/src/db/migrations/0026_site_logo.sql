CREATE TABLE "site_logo" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"etag" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_logo_single_row" CHECK ("site_logo"."id" = 1)
);
