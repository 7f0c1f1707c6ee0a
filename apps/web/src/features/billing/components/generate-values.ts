import type { InvoiceLine } from '@pxl/contract/billing/index';
import { previousMonth } from '@/lib/format/dates.ts';

export { previousMonth };

export type GenerateValues = {
  date_from: string;
  date_to: string;
  currency: string | null;
  affiliate_uuids: string[];
  /** Conversions ticked in the conversions log: when given, the invoice is made of them and the period is unused. */
  conversion_uuids: string[];
};

export const initialGenerateValues = (today: string, conversion_uuids: readonly string[] = []): GenerateValues => ({
  ...previousMonth(today),
  currency: null,
  affiliate_uuids: [],
  conversion_uuids: [...new Set(conversion_uuids)],
});

/** The request of a generation (and of its preview): the picked conversions, or the period and its narrowing. */
export function generateBody(v: GenerateValues): Record<string, unknown> {
  if (v.conversion_uuids.length) return { conversion_uuids: v.conversion_uuids };
  return {
    date_from: v.date_from,
    date_to: v.date_to,
    ...(v.currency ? { currency: v.currency } : {}),
    ...(v.affiliate_uuids.length ? { affiliate_uuids: v.affiliate_uuids } : {}),
  };
}

/** "Offer #12 Royal Spins · deposit: 3 × = …" — how a line reads in a preview or on the invoice. */
export function lineTitle(line: Pick<InvoiceLine, 'kind' | 'offer' | 'goal' | 'comment'>): string {
  if (line.kind === 'referral') return 'Referral earnings';
  if (line.kind === 'adjustment') return `Adjustment: ${line.comment}`;
  const offer = line.offer ? `#${line.offer.id} ${line.offer.title}` : 'Offer';
  return line.goal ? `${offer} · ${line.goal}` : offer;
}

/** "3 invoices would be created; 2 below the minimum payout are left out." */
export function previewSummary(count: number, below: number): string {
  const made = count === 1 ? '1 invoice would be created' : `${count} invoices would be created`;
  return below > 0 ? `${made}; ${below} below the minimum payout ${below === 1 ? 'is' : 'are'} left out.` : `${made}.`;
}
