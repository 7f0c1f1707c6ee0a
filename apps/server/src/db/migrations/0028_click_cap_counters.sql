CREATE TABLE "click_cap_counters" (
	"cap_id" uuid NOT NULL,
	"period_key" text NOT NULL,
	"taken" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "click_cap_counters_cap_id_period_key_pk" PRIMARY KEY("cap_id","period_key")
);
