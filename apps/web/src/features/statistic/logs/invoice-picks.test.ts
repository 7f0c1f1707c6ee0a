import { describe, expect, it } from 'vitest';
import type { ConversionLogRow } from '@pxl/contract/statistic/statistic.schemas';
import { isInvoiceable, togglePage, togglePick } from './invoice-picks.ts';

const row = (uuid: string, over: Partial<ConversionLogRow> = {}) =>
  ({ uuid, status: 'approved', flow: 'accepted', is_test: false, paid: false, ...over }) as ConversionLogRow;

describe('ticking conversions for an invoice', () => {
  it('lets only approved, accepted, real and unpaid conversions be ticked', () => {
    expect(isInvoiceable(row('a'))).toBe(true);
    expect(isInvoiceable(row('a', { status: 'pending' }))).toBe(false);
    expect(isInvoiceable(row('a', { flow: 'trafficback' }))).toBe(false);
    expect(isInvoiceable(row('a', { is_test: true }))).toBe(false);
    expect(isInvoiceable(row('a', { paid: true }))).toBe(false);
  });

  it('ticks and unticks one row, and the page at once (keeping ticks of other pages)', () => {
    expect(togglePick(['a'], 'b')).toEqual(['a', 'b']);
    expect(togglePick(['a', 'b'], 'a')).toEqual(['b']);
    const page = [row('b'), row('c', { status: 'rejected' }), row('d')];
    expect(togglePage(['x', 'b'], page)).toEqual(['x', 'b', 'd']);
    expect(togglePage(['x', 'b', 'd'], page)).toEqual(['x']);
  });
});
