import { describe, expect, it } from 'vitest';
import { mergeOptions, nothingFoundText, searchQuery } from './remote-search.ts';

const labels = new Map([
  ['a', 'Alpha'],
  ['b', 'Beta'],
]);

describe('searchQuery', () => {
  it('sends the trimmed text, but not the label of a picked value', () => {
    expect(searchQuery('  Gam ', [], labels)).toBe('Gam');
    expect(searchQuery('Alpha', ['a'], labels)).toBe('');
    expect(searchQuery('Alpha', ['b'], labels)).toBe('Alpha');
  });
});

describe('mergeOptions', () => {
  it('puts picked values the search missed first, named, then the found ones in order', () => {
    const found = [
      { value: 'c', label: 'Gamma' },
      { value: 'b', label: 'Beta' },
    ];
    expect(mergeOptions(found, ['b', 'a'], labels)).toEqual([{ value: 'a', label: 'Alpha' }, ...found]);
  });

  it('leaves out a picked value nothing names, unless a fallback names it', () => {
    expect(mergeOptions([], ['x'], labels)).toEqual([]);
    expect(mergeOptions([], ['x'], labels, (v) => `#${v}`)).toEqual([{ value: 'x', label: '#x' }]);
  });
});

describe('nothingFoundText', () => {
  it('says whether the search failed, runs or found nothing', () => {
    expect(nothingFoundText({ failed: true, fetching: true }, 'No offers', 'Offers could not be loaded')).toBe(
      'Offers could not be loaded',
    );
    expect(nothingFoundText({ fetching: true }, 'No offers')).toBe('Searching…');
    expect(nothingFoundText({ fetching: false }, 'No offers')).toBe('No offers');
  });
});
