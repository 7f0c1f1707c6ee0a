-- Referral earnings follow the referred affiliate's conversions whatever path changes them (postbacks, staff, the hold
-- job, lead status sync): docs/decisions/021-referrals.md. Statement triggers with transition tables, so a bulk insert
-- or update costs one join, not a function call per row.
CREATE OR REPLACE FUNCTION pxl_referral_terms(OUT pct integer, OUT months integer) LANGUAGE sql STABLE AS $$
  -- The affiliate defaults (docs/product/settings.md); 5 % for 12 months when the section was never saved.
  SELECT coalesce(max(CASE WHEN jsonb_typeof(s.value->'referral_percent') = 'number'
           THEN (s.value->>'referral_percent')::numeric::integer END), 5),
         coalesce(max(CASE WHEN jsonb_typeof(s.value->'referral_months') = 'number'
           THEN (s.value->>'referral_months')::numeric::integer END), 12)
  FROM settings s WHERE s.key = 'affiliates';
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pxl_referral_accrue(changed_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Re-approved: an earning reversed before comes back as it was.
  UPDATE referral_earnings e SET status = 'accrued', updated_at = now()
  FROM unnest(changed_ids) x(id) JOIN conversions c ON c.id = x.id
  WHERE e.conversion_id = c.id AND c.status = 'approved' AND e.status = 'reversed';
  -- First approval inside the months after the referred affiliate signed up (the conversion's own time counts, so a
  -- hold period or a late approval does not cut it).
  INSERT INTO referral_earnings (referrer_id, referred_id, conversion_id, amount, currency)
  SELECT u.referrer_id, c.affiliate_id, c.id, floor(c.payout::numeric * t.pct / 100)::integer, c.currency
  FROM unnest(changed_ids) x(id)
  JOIN conversions c ON c.id = x.id
  JOIN users u ON u.id = c.affiliate_id
  CROSS JOIN pxl_referral_terms() t
  WHERE c.status = 'approved' AND c.flow = 'accepted' AND NOT c.is_test
    AND u.referrer_id IS NOT NULL AND u.referrer_id <> u.id
    AND c.created_at < u.created_at + make_interval(months => t.months)
    AND floor(c.payout::numeric * t.pct / 100) > 0
  ON CONFLICT (conversion_id) DO NOTHING;
  -- No longer approved: reversed unless an approved (paid) invoice already holds the earning.
  UPDATE referral_earnings e SET status = 'reversed', updated_at = now()
  FROM unnest(changed_ids) x(id) JOIN conversions c ON c.id = x.id
  WHERE e.conversion_id = c.id AND c.status <> 'approved' AND e.status = 'accrued'
    AND NOT EXISTS (
      SELECT 1 FROM invoice_items i JOIN invoices v ON v.id = i.invoice_id
      WHERE i.referral_earning_id = e.id AND i.live AND v.status = 'approved');
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pxl_referral_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids uuid[] := array(SELECT id FROM new_rows WHERE status = 'approved');
BEGIN
  IF cardinality(ids) > 0 THEN PERFORM pxl_referral_accrue(ids); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pxl_referral_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids uuid[] := array(
  SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE n.status IS DISTINCT FROM o.status AND 'approved' IN (n.status, o.status));
BEGIN
  IF cardinality(ids) > 0 THEN PERFORM pxl_referral_accrue(ids); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER conversions_referral_inserted AFTER INSERT ON conversions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pxl_referral_inserted();
--> statement-breakpoint
CREATE TRIGGER conversions_referral_updated AFTER UPDATE ON conversions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pxl_referral_updated();
