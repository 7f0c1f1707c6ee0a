-- The click path caches offers, landings, trusted lists, caps, affiliates and settings in every server process.
-- Any change to those tables tells every process (LISTEN pxl_cache) to drop its copy.
CREATE OR REPLACE FUNCTION pxl_notify_cache() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('pxl_cache', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER offers_cache_notify AFTER INSERT OR UPDATE OR DELETE ON offers FOR EACH STATEMENT EXECUTE FUNCTION pxl_notify_cache();
--> statement-breakpoint
CREATE TRIGGER offer_landings_cache_notify AFTER INSERT OR UPDATE OR DELETE ON offer_landings FOR EACH STATEMENT EXECUTE FUNCTION pxl_notify_cache();
--> statement-breakpoint
CREATE TRIGGER landings_cache_notify AFTER INSERT OR UPDATE OR DELETE ON landings FOR EACH STATEMENT EXECUTE FUNCTION pxl_notify_cache();
--> statement-breakpoint
CREATE TRIGGER offer_trusted_cache_notify AFTER INSERT OR UPDATE OR DELETE ON offer_trusted_affiliates FOR EACH STATEMENT EXECUTE FUNCTION pxl_notify_cache();
--> statement-breakpoint
CREATE TRIGGER offer_caps_cache_notify AFTER INSERT OR UPDATE OR DELETE ON offer_caps FOR EACH STATEMENT EXECUTE FUNCTION pxl_notify_cache();
--> statement-breakpoint
CREATE TRIGGER settings_cache_notify AFTER INSERT OR UPDATE OR DELETE ON settings FOR EACH STATEMENT EXECUTE FUNCTION pxl_notify_cache();
--> statement-breakpoint
-- Only a status change matters for clicks; logins touch users all the time.
CREATE OR REPLACE FUNCTION pxl_notify_user_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'UPDATE' OR NEW.status IS DISTINCT FROM OLD.status THEN
    PERFORM pg_notify('pxl_cache', 'users');
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_cache_notify AFTER INSERT OR UPDATE OF status OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION pxl_notify_user_status();
