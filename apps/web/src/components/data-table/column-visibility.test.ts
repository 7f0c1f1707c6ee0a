import { describe, expect, it } from 'vitest';
import {
  columnStorageKey,
  readColumnChoices,
  toggleColumn,
  visibleColumnKeys,
  writeColumnChoices,
} from './column-visibility.ts';

const columns = [{ key: 'id' }, { key: 'name' }, { key: 'notes', hidden: true }];

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe('column visibility', () => {
  it('shows the columns not hidden by default', () => {
    expect(visibleColumnKeys(columns, {})).toEqual(['id', 'name']);
  });
  it('follows the user choices over the defaults, in column order', () => {
    expect(visibleColumnKeys(columns, { notes: true, id: false })).toEqual(['name', 'notes']);
  });
  it('refuses to hide the last visible column', () => {
    const one = toggleColumn(columns, {}, 'id', false);
    expect(visibleColumnKeys(columns, one)).toEqual(['name']);
    expect(toggleColumn(columns, one, 'name', false)).toBe(one);
  });
  it('keeps a column visible when stored choices would hide them all', () => {
    expect(visibleColumnKeys(columns, { id: false, name: false })).toEqual(['id']);
  });
  it('stores choices per list id and reads them back', () => {
    const storage = memoryStorage();
    writeColumnChoices(storage, 'affiliates', { notes: true });
    expect(storage.data.get(columnStorageKey('affiliates'))).toBe('{"notes":true}');
    expect(readColumnChoices(storage, 'affiliates')).toEqual({ notes: true });
    expect(readColumnChoices(storage, 'advertisers')).toEqual({});
  });
  it('ignores broken stored data', () => {
    expect(readColumnChoices(memoryStorage({ [columnStorageKey('x')]: 'not json' }), 'x')).toEqual({});
    expect(readColumnChoices(memoryStorage({ [columnStorageKey('x')]: '[1,2]' }), 'x')).toEqual({});
    expect(readColumnChoices(memoryStorage({ [columnStorageKey('x')]: '{"a":true,"b":"yes"}' }), 'x')).toEqual({
      a: true,
    });
    expect(readColumnChoices(undefined, 'x')).toEqual({});
  });
});
