-- Every server process caches live API keys (modules/account/api-keys.service.ts); a key created, revoked or deleted
-- tells them all (LISTEN pxl_cache, as in 0005) to drop their copies. The once-a-minute last_used_at write does not.
CREATE TRIGGER api_keys_cache_notify AFTER INSERT OR DELETE OR UPDATE OF revoked_at, key_hash, user_id ON api_keys FOR EACH STATEMENT EXECUTE FUNCTION pxl_notify_cache();
