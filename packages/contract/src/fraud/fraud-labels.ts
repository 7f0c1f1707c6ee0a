import type { FraudActions, FraudThresholds } from './fraud.schemas.ts';

// What each threshold and action means, in words: Settings › Fraud and an offer's Traffic quality section show the
// same fields (docs/product/fraud.md).

type Count = Exclude<keyof FraudThresholds, 'ctit_goals'>;
export const FRAUD_COUNT_THRESHOLDS: readonly [key: Count, label: string, description: string][] = [
  ['ctit_min_seconds', 'Shortest click to conversion', 'Seconds; sooner is "too soon after the click"'],
  ['ctit_max_seconds', 'Longest click to conversion', 'Seconds; later is "too long after the click"'],
  ['velocity_per_offer_minute', 'Clicks per IP, offer and minute', 'More is "too many clicks from one IP"'],
  ['velocity_per_affiliate_minute', 'Clicks per IP, affiliate and minute', 'Across all of the affiliate’s offers'],
  ['velocity_min_gap_ms', 'Shortest gap between two clicks', 'Milliseconds from one IP on one offer; 0 turns it off'],
  ['duplicate_contact_days', 'Days a contact counts as sent', 'E-mail or phone sent to another offer or buyer'],
];

export const FRAUD_ACTION_LABELS: Record<keyof FraudActions, [label: string, description: string]> = {
  flag_at: ['Flag', 'Marked as suspicious in the logs and counted in the fraud %'],
  hold_conversion_at: ['Hold the conversion', 'Put on hold with its reasons until staff decide'],
  reject_conversion_at: ['Reject the conversion', 'Rejected with its reasons'],
  trafficback_click_at: ['Send the click to trafficback', 'With the trafficback reason "fraud"'],
  refuse_lead_at: ['Refuse the lead', 'Refused with the reason "fraud"'],
};
