import type { Currency } from '@pxl/contract/constants/constants.data';
import { formatDate } from '@pxl/contract/format/date';
import { formatMoney } from '@pxl/contract/format/money';
import { minorToText } from '@/lib/money.ts';

/** The detail screen of one import. */
export const importPath = (uuid: string) => `/billing/reconciliation/${uuid}`;

/** "01.10.2026 – 31.10.2026": an import's period, days of the network time zone. */
export const periodText = (from: string, to: string): string => `${formatDate(from).date} – ${formatDate(to).date}`;

export const STATE_TEXT: Record<'parsed' | 'classified', string> = { parsed: 'Stored', classified: 'Classified' };

/**
 * 1234, 'EUR' → "€12.34". Their report may name a currency the panel does not use: a code Intl does not take is
 * shown as "12.34 XYZ" rather than failing the screen.
 */
export function moneyText(minor: number, currency: string | null): string {
  if (!currency) return minorToText(minor);
  try {
    return formatMoney(minor, currency as Currency);
  } catch {
    return `${minorToText(minor)} ${currency}`;
  }
}
