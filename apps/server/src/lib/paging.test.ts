import { describe, expect, it } from 'vitest';
import { pageOf } from './paging.ts';

describe('pageOf', () => {
  it('starts page 1 at the first row and page n after n - 1 whole pages', () => {
    expect(pageOf({ page: 1, count: 25 })).toEqual({ limit: 25, offset: 0 });
    expect(pageOf({ page: 3, count: 25 })).toEqual({ limit: 25, offset: 50 });
  });
});
