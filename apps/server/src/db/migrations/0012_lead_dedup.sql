-- The lead API's de-duplication (modules/leads/lead-intake.ts) in the statement that stores the lead: locks on the
-- lead's email and phone keys (sorted by the caller), then the look for an earlier lead. A VOLATILE function runs each
-- of its queries with a fresh snapshot, so the look sees every lead committed by whoever held the locks before;
-- in the calling statement itself it could not (its snapshot is taken before the locks are granted).
CREATE OR REPLACE FUNCTION pxl_lead_is_new(lock_keys bigint[], p_offer uuid, p_email text, p_phone text, p_is_test boolean, p_days integer)
RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  k bigint;
  seen boolean;
BEGIN
  FOREACH k IN ARRAY lock_keys LOOP
    PERFORM pg_advisory_xact_lock(k);
  END LOOP;
  SELECT EXISTS (
    SELECT 1 FROM leads
    WHERE offer_id = p_offer AND (email = p_email OR phone = p_phone) AND status <> 'failed' AND is_test = p_is_test
      AND created_at > now() - make_interval(days => p_days)
  ) INTO seen;
  RETURN NOT seen;
END;
$$;
