import type { PortalGoal } from '@pxl/contract/offers/portal.schemas';
import { GoalRatesTable } from './goal-rates-table.tsx';
import { payoutText, type PortalRefs } from './offer-labels.ts';

/** Goals with what they pay this affiliate (their overrides already applied by the server). */
export function DetailGoals({ goals, currency, refs }: { goals: PortalGoal[]; currency: string; refs: PortalRefs }) {
  return (
    <GoalRatesTable
      goals={goals}
      goalLabels={refs.goals}
      header="Payout"
      amount={(g) => payoutText(g.payment_type, g.payout, g.payout_percent, currency)}
      rateAmount={(g, r) => payoutText(g.payment_type, r.payout, r.payout_percent, currency)}
    />
  );
}
