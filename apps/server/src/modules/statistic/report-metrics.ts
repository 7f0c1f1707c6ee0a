import { isStaff, seesPayout, seesRevenue, type Role, type StatKind, type StatMetrics } from '@pxl/contract';
import type { AggregateRow } from './report-query.ts';

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 100 : null);
const toMoney = (m: Record<string, string | number> | null) =>
  Object.fromEntries(
    Object.entries(m ?? {})
      .map(([c, v]) => [c, Number(v)])
      .filter(([, v]) => v !== 0),
  ) as Record<string, number>;

/**
 * The figures of an aggregated row for the caller's role: affiliates never get revenue or profit, advertisers never
 * payout, profit or EPC (docs/product/statistics.md); only staff get the fraud figures. API reports add the lead figures.
 */
export const toMetrics = (r: AggregateRow, role: Role, kind: StatKind | undefined): StatMetrics => {
  const n = (k: keyof AggregateRow) => Number(r[k] ?? 0);
  const payout = toMoney(r.payout);
  const revenue = toMoney(r.revenue);
  const currencies = [...new Set([...Object.keys(payout), ...Object.keys(revenue)])];
  const m: StatMetrics = {
    clicks: n('clicks'),
    unique_clicks: n('unique_clicks'),
    trafficback: n('trafficback'),
    conversions: n('conversions'),
    approved: n('approved'),
    pending: n('pending'),
    rejected: n('rejected'),
    hold: n('hold'),
    cr: percent(n('conversions'), n('unique_clicks')),
  };
  if (seesPayout(role)) {
    m.payout = payout;
    const clicksIn = (c: string) => Number(r.clicks_by_currency?.[c] ?? 0);
    m.epc = Object.fromEntries(
      Object.entries(payout)
        .filter(([c]) => clicksIn(c) > 0)
        .map(([c, v]) => [c, Math.round((v / clicksIn(c)) * 100) / 100]),
    );
  }
  // Staff only: a share shown to affiliates would let them tune traffic until it passes (docs/decisions/052-fraud-verdicts-and-settings.md).
  if (isStaff(role))
    Object.assign(m, { fraud_clicks: n('fraud_clicks'), fraud_rate: percent(n('fraud_clicks'), n('clicks')) });
  if (seesRevenue(role)) m.revenue = revenue;
  if (seesPayout(role) && seesRevenue(role)) {
    m.profit = Object.fromEntries(currencies.map((c) => [c, (revenue[c] ?? 0) - (payout[c] ?? 0)]));
  }
  if (kind !== 'direct_link')
    Object.assign(m, {
      leads: n('leads'),
      accepted: n('accepted'),
      ftd: n('ftd'),
      cr_customer: percent(n('ftd'), n('accepted')),
    });
  return m;
};
