import { describe, expect, it } from 'vitest';
import { ROLES } from '@pxl/contract/access/roles';
import { LIST_ENDPOINT, listFiltersFor, optionSource } from './filter-access.ts';
import type { ListFilter } from './filter-state.ts';
import {
  activeFilterCount,
  parseStatFilters,
  statFilterQuery,
  withListValue,
  writeStatFilters,
} from './filter-state.ts';

const OFFER = '0b6f3c1e-2a4d-4c8e-9f10-1a2b3c4d5e6f';
const OFFER2 = '1c7a4d2f-3b5e-4d9f-a021-2b3c4d5e6f70';
const NOW = new Date('2026-03-01T22:30:00Z');

describe('statistics filters in the URL', () => {
  it('read lists, subs, dates and zone, dropping what the server would refuse', () => {
    const params = new URLSearchParams(
      `date_from=2026-02-01&date_to=2026-02-10&tz=Europe/Kyiv&offer=${OFFER.toUpperCase()},nope,${OFFER}&geo=ua,DEU,de&status=approved,paid&sub1=%20fb%20&group=offer`,
    );
    expect(parseStatFilters(params)).toEqual({
      date_from: '2026-02-01',
      date_to: '2026-02-10',
      tz: 'Europe/Kyiv',
      lists: { offer: [OFFER], geo: ['UA', 'DE'], status: ['approved'] },
      subs: { sub1: 'fb' },
    });
  });
  it('ignore half a range or a range ending before it starts', () => {
    expect(parseStatFilters(new URLSearchParams('date_from=2026-02-01')).date_from).toBeUndefined();
    expect(parseStatFilters(new URLSearchParams('date_from=2026-02-10&date_to=2026-02-01')).date_from).toBeUndefined();
  });
  it("write back over the screen's own keys, leaving the default zone out and sending paging to page 1", () => {
    const base = new URLSearchParams('group=offer,geo&page=4&geo=PL');
    const state = withListValue({ lists: { geo: ['UA'] }, subs: { sub2: 'x' }, tz: 'UTC' }, 'offer', OFFER, true);
    const out = writeStatFilters(state, base, 'UTC');
    expect(out.get('group')).toBe('offer,geo');
    expect(out.get('page')).toBeNull();
    expect(out.get('tz')).toBeNull();
    expect(out.get('geo')).toBe('UA');
    expect(out.get('offer')).toBe(OFFER);
    expect(out.get('sub2')).toBe('x');
    expect(writeStatFilters({ ...state, tz: 'Europe/Kyiv' }, base, 'UTC').get('tz')).toBe('Europe/Kyiv');
  });
  it('round-trip: what is written reads back the same', () => {
    const state = {
      date_from: '2026-01-01',
      date_to: '2026-01-31',
      tz: 'Asia/Kolkata',
      lists: { offer: [OFFER, OFFER2], os: ['ios'] },
      subs: { sub5: 'a b' },
    };
    expect(parseStatFilters(writeStatFilters(state, new URLSearchParams(), 'UTC'))).toEqual(state);
  });
  it('make the API query with explicit dates, the default range being the last 7 days in the zone', () => {
    expect(statFilterQuery({ lists: { offer: [OFFER, OFFER2] }, subs: { sub1: 'fb' } }, 'Europe/Kyiv', NOW)).toEqual({
      date_from: '2026-02-24',
      date_to: '2026-03-02',
      tz: 'Europe/Kyiv',
      offer: `${OFFER},${OFFER2}`,
      sub1: 'fb',
    });
    expect(
      statFilterQuery(
        { date_from: '2026-01-01', date_to: '2026-01-02', tz: 'UTC', lists: {}, subs: {} },
        'Europe/Kyiv',
        NOW,
      ),
    ).toEqual({ date_from: '2026-01-01', date_to: '2026-01-02', tz: 'UTC' });
  });
  it('count set filters for the badge and remove a value', () => {
    const state = { lists: { offer: [OFFER, OFFER2], geo: [] }, subs: { sub1: 'x', sub2: '' } };
    expect(activeFilterCount(state)).toBe(2);
    expect(withListValue(state, 'offer', OFFER, false).lists.offer).toEqual([OFFER2]);
  });
});

describe('filters per role', () => {
  it('hide advertisers, products and managers from affiliates, and advertisers and managers from advertisers', () => {
    expect(listFiltersFor('affiliate', 'api')).toEqual(['offer', 'landing', 'geo', 'device', 'os', 'status']);
    expect(listFiltersFor('advertiser', 'api')).toEqual([
      'offer',
      'affiliate',
      'product',
      'landing',
      'geo',
      'device',
      'os',
      'status',
    ]);
    expect(listFiltersFor('admin', 'api')).toHaveLength(11);
  });
  it('leave products out of direct-link reports', () => {
    expect(listFiltersFor('admin', 'direct_link')).not.toContain('product');
    expect(listFiltersFor('admin', 'direct_link', ['status'])).toEqual([
      'offer',
      'affiliate',
      'advertiser',
      'landing',
      'manager',
      'account_manager',
      'geo',
      'device',
      'os',
    ]);
    expect(listFiltersFor('advertiser', 'direct_link')).toEqual([
      'offer',
      'affiliate',
      'landing',
      'geo',
      'device',
      'os',
      'status',
    ]);
  });
  it("search records where the role may list them, else take the report's values", () => {
    expect(optionSource('offer', 'manager')).toBe('entity');
    expect(optionSource('offer', 'team_lead')).toBe('report');
    expect(optionSource('offer', 'affiliate')).toBe('report');
    expect(optionSource('affiliate', 'team_lead')).toBe('entity');
  });
  it("search exactly where the contract lets the role call the filter's list endpoint", () => {
    for (const [key, endpoint] of Object.entries(LIST_ENDPOINT)) {
      for (const role of ROLES) {
        expect(optionSource(key as ListFilter, role)).toBe(
          (endpoint.roles as readonly string[]).includes(role) ? 'entity' : 'report',
        );
      }
    }
    expect(optionSource('offer', null)).toBe('report');
    expect(optionSource('geo', 'admin')).toBe('report');
  });
});
