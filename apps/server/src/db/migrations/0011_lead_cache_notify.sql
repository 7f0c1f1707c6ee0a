-- The lead API caches each offer's buyers (offer_products with their products: template, credentials, status,
-- tested_at) in every server process; a change tells every process (LISTEN pxl_cache, as in 0005) to drop its copy.
CREATE TRIGGER offer_products_cache_notify AFTER INSERT OR UPDATE OR DELETE ON offer_products FOR EACH STATEMENT EXECUTE FUNCTION pxl_notify_cache();
--> statement-breakpoint
-- The status pull writes its bookkeeping (pulled_until, pull_due_at) every few minutes per product; that alone
-- must not empty every cache, so an update notifies only when some other column changed.
CREATE OR REPLACE FUNCTION pxl_notify_product() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'UPDATE'
    OR (to_jsonb(NEW) - 'pulled_until' - 'pull_due_at') IS DISTINCT FROM (to_jsonb(OLD) - 'pulled_until' - 'pull_due_at') THEN
    PERFORM pg_notify('pxl_cache', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_cache_notify AFTER INSERT OR UPDATE OR DELETE ON products FOR EACH ROW EXECUTE FUNCTION pxl_notify_product();
