import { GEOS } from '@pxl/contract/constants/geos.data';
import { GOALS, TRAFFIC_SOURCES, VERTICALS, type Currency } from '@pxl/contract/constants/constants.data';
import { formatMoney } from '@pxl/contract/format/money';
import type { GoalPaymentType, OfferStatus, OfferType } from '@pxl/contract/offers/offers.schemas';

/**
 * Labels of the reference lists the portal shows. The screen passes the served constants; until
 * they load (or for a key they lack) the contract's own lists answer, so a card never shows a raw key.
 */
export type PortalRefs = {
  verticals: Record<string, string>;
  geos: Record<string, string>;
  goals: Record<string, string>;
  traffic: Record<string, string>;
  /** Tracking domains of Settings › Domains; the panel's own host is added by the link builder. */
  trackDomains: string[];
};

export const STATIC_REFS: PortalRefs = {
  verticals: VERTICALS,
  geos: GEOS,
  goals: GOALS,
  traffic: TRAFFIC_SOURCES,
  trackDomains: [],
};

export const labelOf = (map: Record<string, string>, key: string): string => map[key] ?? key;

export const TYPE_LABELS: Record<OfferType, string> = { direct_link: 'Direct link', api: 'API' };
export const STATUS_LABELS: Record<OfferStatus, string> = {
  active: 'Active',
  not_active: 'Not active',
  stopped: 'Stopped',
  deleted: 'Deleted',
};
export const STATUS_COLORS: Record<OfferStatus, string> = {
  active: 'green',
  not_active: 'gray',
  stopped: 'orange',
  deleted: 'red',
};
export const PAYMENT_TYPE_LABELS: Record<GoalPaymentType, string> = {
  cpa: 'CPA',
  revshare: 'RevShare',
  mixed: 'Mixed',
};

/** One colour per vertical, so an offer without an image is still recognisable at a glance. */
const VERTICAL_COLORS: Record<string, string> = {
  gambling: 'grape',
  betting: 'orange',
  crypto: 'yellow',
  forex: 'teal',
  nutra: 'lime',
  dating: 'pink',
  finance: 'blue',
  'e-commerce': 'cyan',
  sweepstakes: 'violet',
  other: 'gray',
};
export const verticalColor = (vertical: string): string => VERTICAL_COLORS[vertical] ?? 'indigo';

/** What a goal pays: "$12.00", "30%" or "$5.00 + 10%". */
export function payoutText(type: GoalPaymentType, payout: number, percent: number, currency: string): string {
  const money = formatMoney(payout, currency as Currency);
  if (type === 'revshare') return `${percent}%`;
  if (type === 'mixed') return `${money} + ${percent}%`;
  return money;
}

/** Detail paths of the affiliate portal (docs/product/routes.md: by the short numeric ID). */
export const portalDetailPath = (offer: { type: OfferType; id: number }): string =>
  offer.type === 'api' ? `/offers/api/detail/${offer.id}` : `/offers/direct-link/detail/${offer.id}`;

/** The advertiser reads its offers under the staff paths (docs/product/routes.md). */
export const advertiserDetailPath = (offer: { type: OfferType; uuid: string }): string =>
  offer.type === 'api' ? `/offers/detail-api/${offer.uuid}` : `/offers/detail-direct-link/${offer.uuid}`;

/** The list's headline payout: the best fixed amount for this affiliate (overrides applied), or the best share for RevShare. */
export function topPayoutText(offer: {
  top_payout: number;
  currency: string;
  top_goal: { payment_type: GoalPaymentType; payout_percent: number; geo_rates: { payout_percent: number }[] } | null;
}): string | null {
  const goal = offer.top_goal;
  if (!goal) return null;
  const percent = Math.max(goal.payout_percent, ...goal.geo_rates.map((r) => r.payout_percent));
  return payoutText(goal.payment_type, offer.top_payout, percent, offer.currency);
}
