import type { ConversionLogRow } from '@pxl/contract/statistic/statistic.schemas';

/** Conversions an invoice can be made of: approved, accepted traffic, not a test and not paid yet. */
export const isInvoiceable = (r: Pick<ConversionLogRow, 'status' | 'flow' | 'is_test' | 'paid'>): boolean =>
  r.status === 'approved' && r.flow === 'accepted' && !r.is_test && !r.paid;

/** Ticks one row on or off, keeping the order they were ticked in. */
export const togglePick = (picked: readonly string[], uuid: string): string[] =>
  picked.includes(uuid) ? picked.filter((u) => u !== uuid) : [...picked, uuid];

/** Ticks every invoiceable row of the page, or unticks them all when every one is ticked already. */
export function togglePage(picked: readonly string[], rows: readonly ConversionLogRow[]): string[] {
  const page = rows.filter(isInvoiceable).map((r) => r.uuid);
  if (page.length && page.every((u) => picked.includes(u))) return picked.filter((u) => !page.includes(u));
  return [...picked, ...page.filter((u) => !picked.includes(u))];
}
