import type { z } from 'zod';
import type { reconDiscrepancyPointSchema } from '@pxl/contract/reconciliation/index';
import { moneyText, periodText } from './import-labels.ts';

export type DiscrepancyPoint = z.infer<typeof reconDiscrepancyPointSchema>;

/** One bar group: an import's period, its discrepancy % per currency, and the figures behind each. */
export type DiscrepancyRow = {
  period: string;
  import_uuid: string;
  /** Currency → percent; a currency without our amount (no percent) is left out. */
  percent: Record<string, number>;
  figures: Record<string, Pick<DiscrepancyPoint, 'ours' | 'theirs' | 'difference' | 'discrepancy_percent'>>;
};

/** The chart's rows (one per import, oldest first, as the server sends them) and its series (one per currency). */
export function discrepancyRows(items: readonly DiscrepancyPoint[]): { rows: DiscrepancyRow[]; currencies: string[] } {
  const byImport = new Map<string, DiscrepancyRow>();
  const currencies = new Set<string>();
  for (const p of items) {
    let row = byImport.get(p.import_uuid);
    if (!row) {
      row = { period: periodText(p.period_from, p.period_to), import_uuid: p.import_uuid, percent: {}, figures: {} };
      byImport.set(p.import_uuid, row);
    }
    currencies.add(p.currency);
    row.figures[p.currency] = p;
    if (p.discrepancy_percent !== null) row.percent[p.currency] = p.discrepancy_percent;
  }
  return { rows: [...byImport.values()], currencies: [...currencies].sort() };
}

const signed = (minor: number, currency: string) => (minor > 0 ? '+' : '') + moneyText(minor, currency);

/** "EUR 2.5%: ours €100.00, theirs €97.50, difference −€2.50": one currency of one period, as text. */
export function figuresText(currency: string, f: DiscrepancyRow['figures'][string]): string {
  const percent = f.discrepancy_percent === null ? 'no percent (nothing of ours)' : `${f.discrepancy_percent}%`;
  return `${currency} ${percent}: ours ${moneyText(f.ours, currency)}, theirs ${moneyText(f.theirs, currency)}, difference ${signed(f.difference, currency)}`;
}
