import { STATUS_LABELS } from './postback-labels.tsx';
import type { OutboundStatus } from './log-query.ts';

/** How the active filters read in the empty state. */
export const FILTER_LABELS: Record<string, (value: string) => string> = {
  affiliate_uuid: () => 'Affiliate',
  offer_uuid: () => 'Offer',
  status_code: (v) => `Code ${v}`,
  status: (v) => `Status: ${STATUS_LABELS[v as OutboundStatus] ?? v}`,
  date_from: (v) => `From ${v}`,
  date_to: (v) => `To ${v}`,
};
