import type { Goal } from './offers.schemas.ts';
import { payoutFor } from './offers.schemas.ts';
import type { PortalGoal } from './portal.schemas.ts';

export type AffiliateOverride = { goal: string; geo: string | null; payout: number; payout_percent: number };
type Rate = { payout: number; payout_percent: number };

/**
 * The rate an affiliate gets on a goal in a country. Most specific first: their override for the country,
 * their override for the goal, the offer's rate for the country, the goal's default.
 */
export const affiliateRate = (goal: Goal, geo: string | null, overrides: AffiliateOverride[]): Rate => {
  const own = overrides.filter((o) => o.goal === goal.goal);
  const pick =
    (geo !== null ? own.find((o) => o.geo === geo) : undefined) ??
    own.find((o) => o.geo === null) ??
    (geo !== null ? goal.geo_rates.find((r) => r.geo === geo) : undefined) ??
    goal;
  return { payout: pick.payout, payout_percent: pick.payout_percent };
};

/** Revenue and payout of a conversion on `goal` in `geo` for an affiliate, at today's rates. */
export const resolveMoney = (goal: Goal, geo: string | null, overrides: AffiliateOverride[]) => {
  const revenue = (geo !== null ? goal.geo_rates.find((r) => r.geo === geo)?.revenue : undefined) ?? goal.revenue;
  return { revenue, payout: payoutFor(goal.payment_type, affiliateRate(goal, geo, overrides), revenue) };
};

/** Goals as the affiliate sees them: their own rates, never revenue. */
export const affiliateGoals = (goals: Goal[], overrides: AffiliateOverride[]): PortalGoal[] =>
  goals.map((g) => {
    const geos = [
      ...new Set([
        ...g.geo_rates.map((r) => r.geo),
        ...overrides.filter((o) => o.goal === g.goal && o.geo).map((o) => o.geo!),
      ]),
    ];
    return {
      goal: g.goal,
      payment_type: g.payment_type,
      ...affiliateRate(g, null, overrides),
      geo_rates: geos.sort().map((geo) => ({ geo, ...affiliateRate(g, geo, overrides) })),
    };
  });

/** The goal with the best fixed payout anywhere, and that payout: what offer cards show and the payout filter reads. */
export const topPayout = (goals: PortalGoal[]): { amount: number; goal: PortalGoal | null } => {
  let best: { amount: number; goal: PortalGoal | null } = { amount: 0, goal: goals[0] ?? null };
  for (const g of goals) {
    const amount = Math.max(g.payout, ...g.geo_rates.map((r) => r.payout));
    if (amount > best.amount) best = { amount, goal: g };
  }
  return best;
};
