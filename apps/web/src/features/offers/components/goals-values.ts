import type { GoalPaymentType, OfferDetail } from '@pxl/contract/offers/offers.schemas';
import { fromMinor, toMinor, type NumberValue } from '@/lib/money.ts';
import { toNumber } from './money-values.ts';

export type RateValues = { revenue: NumberValue; payout: NumberValue; payout_percent: NumberValue };
export type GeoRateValues = RateValues & { geo: string | null };
export type GoalValues = RateValues & {
  goal: string | null;
  payment_type: GoalPaymentType;
  geo_rates: GeoRateValues[];
};
export type OverrideValues = {
  affiliate_uuid: string | null;
  goal: string | null;
  geo: string | null;
  payout: NumberValue;
  payout_percent: NumberValue;
};
export type GoalsValues = { hold_days: NumberValue; goals: GoalValues[]; overrides: OverrideValues[] };

const rateValues = (r: { revenue: number; payout: number; payout_percent: number }): RateValues => ({
  revenue: fromMinor(r.revenue),
  payout: fromMinor(r.payout),
  payout_percent: r.payout_percent,
});

export const emptyRate = (): RateValues => ({ revenue: '', payout: '', payout_percent: 0 });
export const emptyGoal = (goal: string | null = null): GoalValues => ({
  goal,
  payment_type: 'cpa',
  ...emptyRate(),
  geo_rates: [],
});
export const emptyOverride = (): OverrideValues => ({
  affiliate_uuid: null,
  goal: null,
  geo: null,
  payout: '',
  payout_percent: 0,
});

export const goalsToValues = (o: OfferDetail): GoalsValues => ({
  hold_days: o.hold_days,
  goals: o.goals.length
    ? o.goals.map((g) => ({
        goal: g.goal,
        payment_type: g.payment_type,
        ...rateValues(g),
        geo_rates: g.geo_rates.map((r) => ({ geo: r.geo, ...rateValues(r) })),
      }))
    : [emptyGoal()],
  overrides: o.overrides.map((x) => ({
    affiliate_uuid: x.affiliate.uuid,
    goal: x.goal,
    geo: x.geo,
    payout: fromMinor(x.payout),
    payout_percent: x.payout_percent,
  })),
});

// A RevShare goal earns only the percent: its fixed payout is sent as 0; a CPA goal sends 0 percent.
const payoutOf = (type: GoalPaymentType, v: NumberValue) => (type === 'revshare' ? 0 : toMinor(v));
const percentOf = (type: GoalPaymentType, v: NumberValue) => (type === 'cpa' ? 0 : toNumber(v));
const rateBody = (type: GoalPaymentType, r: RateValues) => ({
  revenue: toMinor(r.revenue),
  payout: payoutOf(type, r.payout),
  payout_percent: percentOf(type, r.payout_percent),
});

/** The request body in minor units; `confirm` says payouts above revenue are meant. */
export function goalsBody(v: GoalsValues, confirm: boolean): Record<string, unknown> {
  const typeOf = (goal: string | null) => v.goals.find((g) => g.goal === goal)?.payment_type ?? 'cpa';
  return {
    hold_days: toNumber(v.hold_days),
    goals: v.goals.map((g) => ({
      goal: g.goal ?? '',
      payment_type: g.payment_type,
      ...rateBody(g.payment_type, g),
      geo_rates: g.geo_rates.map((r) => ({ geo: r.geo ?? '', ...rateBody(g.payment_type, r) })),
    })),
    overrides: v.overrides.map((x) => ({
      affiliate_uuid: x.affiliate_uuid ?? '',
      goal: x.goal ?? '',
      geo: x.geo,
      payout: payoutOf(typeOf(x.goal), x.payout),
      payout_percent: percentOf(typeOf(x.goal), x.payout_percent),
    })),
    confirm_payout_over_revenue: confirm,
  };
}
