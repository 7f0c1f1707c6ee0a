import { describe, expect, it } from 'vitest';
import { DATE_RANGE } from './filters.tsx';
import { queryProps, rangeFilterLabels } from './table-query.ts';

describe('table query helpers', () => {
  it('name a date range among the active filters', () => {
    const created = rangeFilterLabels('Created');
    expect(created.created_from('2026-03-01')).toBe('Created from 2026-03-01');
    expect(created.created_to('2026-03-02')).toBe('Created to 2026-03-02');
    expect(rangeFilterLabels().created_from('2026-03-01')).toBe('Registered from 2026-03-01');
    expect(rangeFilterLabels('', DATE_RANGE).date_to('2026-03-02')).toBe('To 2026-03-02');
  });
  it('read loading, failure and stale rows off the query', () => {
    let refetched = 0;
    const props = queryProps({
      data: { list: [], count: 0 },
      isPending: false,
      isError: true,
      isPlaceholderData: true,
      refetch: () => refetched++,
    });
    expect(props).toMatchObject({ loading: false, failed: true, stale: true, data: { list: [], count: 0 } });
    props.onRetry();
    expect(refetched).toBe(1);
  });
});
