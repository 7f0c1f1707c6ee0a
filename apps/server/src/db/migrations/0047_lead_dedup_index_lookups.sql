-- The de-duplication look-up as two index look-ups, by email and by phone (leads_offer_email_idx, leads_offer_phone_idx).
-- With `email = … OR phone = …` in one condition the function's cached plan read the offer's leads of 30 days one by
-- one: its cost grew with the offer's traffic (0.7 ms a lead after a few thousand, bench/RESULTS.md).
CREATE OR REPLACE FUNCTION pxl_lead_is_new(lock_keys bigint[], p_offer uuid, p_email text, p_phone text, p_is_test boolean, p_days integer)
RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  k bigint;
  since timestamptz := now() - make_interval(days => p_days);
BEGIN
  FOREACH k IN ARRAY lock_keys LOOP
    PERFORM pg_advisory_xact_lock(k);
  END LOOP;
  RETURN NOT EXISTS (
      SELECT 1 FROM leads
      WHERE offer_id = p_offer AND email = p_email AND created_at > since AND status <> 'failed' AND is_test = p_is_test
    ) AND NOT EXISTS (
      SELECT 1 FROM leads
      WHERE offer_id = p_offer AND phone = p_phone AND created_at > since AND status <> 'failed' AND is_test = p_is_test
    );
END;
$$;
