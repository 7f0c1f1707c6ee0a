import { describe, expect, it } from 'vitest';
import type { ReconApplyResult } from '@pxl/contract/reconciliation/index';
import {
  applyBody,
  applyLines,
  isPickable,
  pageTicks,
  resultText,
  togglePage,
  togglePick,
  type Picks,
  type ReconRow,
} from './row-picks.ts';

const row = (uuid: string, over: Partial<ReconRow> = {}): ReconRow => ({
  uuid,
  line: 1,
  bucket: 'status_differs',
  data: null,
  conversion_uuid: null,
  our_status: null,
  our_amount: null,
  our_currency: null,
  applied_at: null,
  applied: null,
  ...over,
});
const none: Picks = new Map();

describe('picking rows to apply', () => {
  it('lets only rows of the applicable buckets that are not applied yet be ticked', () => {
    for (const bucket of ['status_differs', 'amount_differs', 'missing_here', 'missing_there'] as const) {
      expect(isPickable(row('a', { bucket })), bucket).toBe(true);
    }
    for (const bucket of [
      'matched',
      'currency_differs',
      'duplicate_in_file',
      'unknown_id',
      'outside_period',
    ] as const) {
      expect(isPickable(row('a', { bucket })), bucket).toBe(false);
    }
    expect(isPickable(row('a', { applied_at: '2026-10-01T10:00:00.000Z' }))).toBe(false);
    expect(togglePick(none, row('a', { bucket: 'matched' })).size).toBe(0);
  });

  it('ticks and unticks one row, and the page at once, keeping the ticks of other pages', () => {
    const one = togglePick(none, row('a'));
    expect([...one]).toEqual([['a', 'status_differs']]);
    expect(togglePick(one, row('a')).size).toBe(0);
    const page = [
      row('b', { bucket: 'missing_here' }),
      row('c', { bucket: 'matched' }),
      row('d', { applied_at: '2026-10-01T10:00:00.000Z' }),
      row('e', { bucket: 'missing_there' }),
    ];
    const withB = togglePick(one, page[0]);
    expect(pageTicks(withB, page)).toBe('some');
    const all = togglePage(withB, page);
    expect([...all.keys()]).toEqual(['a', 'b', 'e']);
    expect(pageTicks(all, page)).toBe('all');
    expect([...togglePage(all, page).keys()]).toEqual(['a']);
    expect(pageTicks(none, page)).toBe('none');
  });

  it('sends the ticked rows or one whole bucket, and says per bucket what will happen', () => {
    const picks: Picks = new Map([
      ['a', 'missing_there'],
      ['b', 'status_differs'],
      ['c', 'status_differs'],
    ]);
    expect(applyBody({ kind: 'rows', picks })).toEqual({ row_uuids: ['a', 'b', 'c'], buckets: [] });
    expect(applyBody({ kind: 'bucket', bucket: 'missing_here', count: 4 })).toEqual({
      row_uuids: [],
      buckets: ['missing_here'],
    });
    expect(applyLines({ kind: 'rows', picks })).toEqual([
      '2 rows of Status differs: our conversions take the status of their report.',
      '1 row of Missing there: our conversions are rejected.',
    ]);
    expect(applyLines({ kind: 'bucket', bucket: 'missing_here', count: 4 })).toEqual([
      '4 rows of Missing here: new conversions are made from their rows, with their status and amount.',
    ]);
  });

  it('tells the result in words', () => {
    const result: ReconApplyResult = {
      apply_uuid: '7d0c7f37-3f8e-4d39-9a53-3f3b0e8f6a11',
      applied: 3,
      already_applied: 1,
      conversions_changed: 1,
      conversions_created: 1,
      adjustments: 1,
    };
    expect(resultText(result)).toBe(
      'Applied 3 rows: 1 conversion changed, 1 created, 1 adjustment for next invoices; 1 row had been applied before.',
    );
    expect(resultText({ ...result, apply_uuid: null, applied: 0, already_applied: 2 })).toBe(
      'Nothing changed: the 2 rows had been applied before.',
    );
  });
});
