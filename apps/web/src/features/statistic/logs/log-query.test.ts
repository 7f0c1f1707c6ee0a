import { describe, expect, it } from 'vitest';
import { cappedFetch, conversionDetailPath, countText, kindOfPath, logQuery } from './log-query.ts';

describe('log query', () => {
  it('joins the filter bar with the page and search, leaving empty values out', () => {
    expect(logQuery({ kind: 'api', geo: 'DE,UA', sub1: '' }, { page: 3, count: 50, search: 'abc' })).toEqual({
      kind: 'api',
      geo: 'DE,UA',
      page: 3,
      count: 50,
      search: 'abc',
    });
    expect(logQuery({ kind: 'direct_link' }, { page: 1, count: 20, search: '' })).toEqual({
      kind: 'direct_link',
      page: 1,
      count: 20,
    });
  });
  it('says 10,000+ when the count stopped', () => {
    expect(countText(10_000, true)).toBe('10,000+');
    expect(countText(1234, false)).toBe('1,234');
  });
  it('reads the kind from the path and builds the detail path', () => {
    expect(kindOfPath('/statistic/api/conversion')).toBe('api');
    expect(kindOfPath('/statistic/direct-link/clicks')).toBe('direct_link');
    expect(conversionDetailPath('api', 'u1')).toBe('/statistic/api/conversion/detail/u1');
    expect(conversionDetailPath('direct_link', 'u1')).toBe('/statistic/direct-link/conversion/detail/u1');
  });
});

describe('export of a log', () => {
  const rows = (page: number, count: number) => Array.from({ length: count }, (_, i) => (page - 1) * count + i);
  it('stops at the count limit without asking for pages past it', async () => {
    const asked: number[] = [];
    const fetch = cappedFetch(async (page, count) => {
      asked.push(page);
      return { list: rows(page, count) };
    }, 250);
    expect((await fetch(1, 100)).list).toHaveLength(100);
    expect((await fetch(3, 100)).list).toEqual([200, 201, ...rows(3, 100).slice(2, 50)]);
    expect((await fetch(4, 100)).list).toEqual([]);
    expect(asked).toEqual([1, 3]);
  });
  it('passes short pages through untouched', async () => {
    const fetch = cappedFetch(async () => ({ list: [1, 2], total: { a: 1 } }), 10_000);
    expect(await fetch(1, 100)).toEqual({ list: [1, 2], total: { a: 1 } });
  });
});
