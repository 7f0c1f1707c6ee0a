import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  applyListPatch,
  listQuery,
  parseListState,
  serializeListState,
  type ListConfig,
} from './list-state.ts';

const config: ListConfig = {
  filters: ['status', 'geo', 'created_from'],
  sorts: ['created_at', 'email'],
  defaultSort: 'created_at',
};
const parse = (qs: string) => parseListState(new URLSearchParams(qs), config);

describe('parseListState', () => {
  it('gives the defaults for an empty URL', () => {
    expect(parse('')).toEqual({ page: 1, count: 50, search: '', sort: 'created_at', order: 'desc', filters: {} });
  });
  it('reads paging, search, sorting and the declared filters only', () => {
    expect(parse('page=3&count=100&search=%20bob%20&sort=email&order=asc&status=active&other=x')).toEqual({
      page: 3,
      count: 100,
      search: 'bob',
      sort: 'email',
      order: 'asc',
      filters: { status: 'active' },
    });
  });
  it('falls back on invalid values and never goes above 100 rows', () => {
    const state = parse('page=-2&count=500&sort=password&order=up&geo=');
    expect(state).toMatchObject({ page: 1, count: 50, sort: 'created_at', order: 'desc', filters: {} });
    expect(parse('count=20').count).toBe(20);
    expect(parse('count=30').count).toBe(50);
    expect(parse('page=2.5').page).toBe(1);
  });
});

describe('serializeListState', () => {
  it('leaves defaults out and keeps unrelated params', () => {
    const base = new URLSearchParams('tab=x&page=4');
    expect(serializeListState(parse(''), config, base).toString()).toBe('tab=x');
  });
  it('round-trips a view so a link reproduces it', () => {
    const qs = 'page=2&count=20&search=ann&sort=email&order=asc&status=banned&geo=UA';
    const again = parse(serializeListState(parse(qs), config).toString());
    expect(again).toEqual(parse(qs));
  });
});

describe('applyListPatch', () => {
  const on5 = { ...parse('page=5&status=active'), page: 5 };
  it('keeps the page on a page change', () => {
    expect(applyListPatch(on5, { page: 6 }).page).toBe(6);
  });
  it('resets the page to 1 when a filter, the search, the sort or the page size changes', () => {
    expect(applyListPatch(on5, { filters: { geo: 'DE' } })).toMatchObject({
      page: 1,
      filters: { status: 'active', geo: 'DE' },
    });
    expect(applyListPatch(on5, { search: 'x' }).page).toBe(1);
    expect(applyListPatch(on5, { sort: 'email', order: 'asc' }).page).toBe(1);
    expect(applyListPatch(on5, { count: 100 }).page).toBe(1);
  });
  it('removes a filter set to empty', () => {
    expect(applyListPatch(on5, { filters: { status: undefined } }).filters).toEqual({});
    expect(applyListPatch(on5, { filters: { status: '' } }).filters).toEqual({});
  });
});

describe('listQuery', () => {
  it('builds the API query without empty values', () => {
    expect(listQuery(parse('search=a&status=active'))).toEqual({
      page: 1,
      count: 50,
      order: 'desc',
      sort: 'created_at',
      search: 'a',
      status: 'active',
    });
    expect(activeFilterCount(parse('search=a&status=active&geo=UA'))).toBe(3);
  });
});
