import { describe, expect, it } from 'vitest';
import { parseListState } from '@/components/data-table/list-state.ts';
import { payoutBounds, portalQuery, PORTAL_LIST } from './portal-query.ts';

const state = (qs: string) => parseListState(new URLSearchParams(qs), PORTAL_LIST);

describe('portalQuery', () => {
  it('sends the tab, paging, search and filters, and nothing for an empty URL', () => {
    expect(portalQuery('all', state(''))).toEqual({ tab: 'all', page: 1, count: 50 });
    expect(
      portalQuery('live', state('page=2&count=20&search=casino&vertical=gambling&geo=DE&type=api&sort=title')),
    ).toEqual({
      tab: 'live',
      page: 2,
      count: 20,
      search: 'casino',
      vertical: 'gambling',
      geo: 'DE',
      type: 'api',
    });
  });
  it('turns the payout bounds typed in major units into minor units', () => {
    expect(portalQuery('available', state('payout_min=12.5&payout_max=100'))).toMatchObject({
      payout_min: 1250,
      payout_max: 10000,
    });
    expect(portalQuery('all', state('payout_min=0,99'))).toMatchObject({ payout_min: 99 });
  });
  it('drops a maximum under the minimum and a bound that is not a number', () => {
    expect(payoutBounds({ payout_min: '50', payout_max: '10' })).toEqual({ min: 5000, max: null, invalid: true });
    const query = portalQuery('all', state('payout_min=abc&payout_max=20'));
    expect(query.payout_min).toBeUndefined();
    expect(query.payout_max).toBe(2000);
  });
});
