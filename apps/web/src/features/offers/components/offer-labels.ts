import { GOALS, TRAFFIC_SOURCES, VERTICALS } from '@pxl/contract/constants/constants.data';
import { formatMoney } from '@pxl/contract/format/money';
import type { Currency } from '@pxl/contract/constants/constants.data';
import type { Cap, Goal, Offer, OfferType } from '@pxl/contract/offers/offers.schemas';
import type { Ref } from '@pxl/contract/http/list';
import { buildPath } from '@pxl/contract/routes/index';
import { statusLabel } from '@/lib/labels.ts';
import type { Option } from '@pxl/contract/constants/options';

const mapOptions = (map: Record<string, string>): Option[] =>
  Object.entries(map).map(([value, label]) => ({ value, label }));

export const refOption = (r: Ref): Option => ({ value: r.uuid, label: r.email ? `${r.name} (${r.email})` : r.name });

export const TYPE_LABELS: Record<OfferType, string> = { direct_link: 'Direct link', api: 'API' };
export const PAYMENT_LABELS: Record<string, string> = { cpa: 'CPA', revshare: 'RevShare', mixed: 'Mixed' };
export const VERTICAL_OPTIONS = mapOptions(VERTICALS);
export const GOAL_OPTIONS = mapOptions(GOALS);
export const TRAFFIC_OPTIONS = mapOptions(TRAFFIC_SOURCES);

export const verticalLabel = (v: string): string => (VERTICALS as Record<string, string>)[v] ?? statusLabel(v);
export const goalLabel = (g: string): string => (GOALS as Record<string, string>)[g] ?? statusLabel(g);
export const trafficLabel = (t: string): string => (TRAFFIC_SOURCES as Record<string, string>)[t] ?? statusLabel(t);

type Typed = Pick<Offer, 'uuid' | 'type'>;
export const detailPath = (o: Typed): string =>
  buildPath(o.type === 'api' ? '/offers/detail-api/:uuid' : '/offers/detail-direct-link/:uuid', { uuid: o.uuid });
export const editPath = (o: Typed): string =>
  buildPath(o.type === 'api' ? '/offers/edit-api/:uuid' : '/offers/edit-direct-link/:uuid', { uuid: o.uuid });

type Rate = Pick<Goal, 'payment_type' | 'payout' | 'payout_percent'>;
/** What the affiliate earns, as people read it: "$150.00", "30%" or "$10.00 + 30%". */
export function payoutText(rate: Rate, currency: Currency): string {
  if (rate.payment_type === 'revshare') return `${rate.payout_percent}%`;
  if (rate.payment_type === 'mixed') return `${formatMoney(rate.payout, currency)} + ${rate.payout_percent}%`;
  return formatMoney(rate.payout, currency);
}

/** "FTD $150.00 / $200.00": payout / revenue of the default rate. */
export const goalText = (g: Goal, currency: Currency): string =>
  `${goalLabel(g.goal)} ${payoutText(g, currency)} / ${formatMoney(g.revenue, currency)}`;

/** "100/day conversions", narrowed by "DE, mobile, …" when the cap counts only part of the traffic. */
export function capText(c: Pick<Cap, 'limit' | 'period' | 'metric' | 'geo' | 'device' | 'os' | 'affiliate'>): string {
  const base = c.period === 'total' ? `${c.limit} total ${c.metric}` : `${c.limit}/${c.period} ${c.metric}`;
  const scope = [c.geo, c.device, c.os, c.affiliate?.name].filter(Boolean);
  return scope.length ? `${base} (${scope.join(', ')})` : base;
}
