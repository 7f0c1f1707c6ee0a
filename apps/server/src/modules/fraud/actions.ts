import type { FraudSettings } from '@pxl/contract';

// Which automatic action a score calls for (docs/product/fraud.md, "Actions"). Each kind of record has its own:
// a click can be sent to trafficback, a lead refused, a conversion rejected or held (rejecting wins when both
// thresholds are met). `flag` marks it suspicious and changes nothing else. Affiliates on the allow-list are
// scored and flagged like anyone, never acted on.

export type ClickAction = 'trafficback' | 'flag' | null;
export type LeadAction = 'refuse' | 'flag' | null;
export type ConversionAction = 'reject' | 'hold' | 'flag' | null;

const reached = (score: number, at: number | null) => at !== null && score >= at;
const allowed = (s: FraudSettings, affiliateId: string | null) =>
  affiliateId !== null && s.allowed_affiliate_ids.includes(affiliateId);
const flagged = (s: FraudSettings, score: number) => (reached(score, s.actions.flag_at) ? 'flag' : null);

export function clickAction(s: FraudSettings, score: number, affiliateId: string | null): ClickAction {
  if (!allowed(s, affiliateId) && reached(score, s.actions.trafficback_click_at)) return 'trafficback';
  return flagged(s, score);
}

export function leadAction(s: FraudSettings, score: number, affiliateId: string | null): LeadAction {
  if (!allowed(s, affiliateId) && reached(score, s.actions.refuse_lead_at)) return 'refuse';
  return flagged(s, score);
}

export function conversionAction(s: FraudSettings, score: number, affiliateId: string | null): ConversionAction {
  if (!allowed(s, affiliateId)) {
    if (reached(score, s.actions.reject_conversion_at)) return 'reject';
    if (reached(score, s.actions.hold_conversion_at)) return 'hold';
  }
  return flagged(s, score);
}
