import type { Currency } from '@pxl/contract/constants/constants.data';
import { formatMoney } from '@pxl/contract/format/money';
import type { AdvertiserOffer } from '@pxl/contract/offers/portal.schemas';
import { GoalRatesTable } from './goal-rates-table.tsx';
import { STATIC_REFS } from './offer-labels.ts';

/** Goals with the revenue the advertiser pays per conversion, by country. */
export function AdvertiserGoals({ goals, currency }: { goals: AdvertiserOffer['goals']; currency: string }) {
  const money = (v: number) => formatMoney(v, currency as Currency);
  return (
    <GoalRatesTable
      goals={goals}
      goalLabels={STATIC_REFS.goals}
      header="Revenue"
      amount={(g) => money(g.revenue)}
      rateAmount={(_, r) => money(r.revenue)}
    />
  );
}
