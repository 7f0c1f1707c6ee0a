import { describe, expect, it, vi } from 'vitest';
import { buildPath } from './build-path.ts';
import { matchPath } from './match-path.ts';

describe('buildPath', () => {
  it('fills :name and {name} parameters', () => {
    expect(buildPath('/roles/affiliates/edit/:uuid', { uuid: 'a-1' })).toBe('/roles/affiliates/edit/a-1');
    expect(buildPath('/offers/api/detail/{id}', { id: 42 })).toBe('/offers/api/detail/42');
  });

  it('encodes values', () => {
    expect(buildPath('/x/:id', { id: 'a b/c' })).toBe('/x/a%20b%2Fc');
  });

  it('a missing parameter logs a warning and gives "/"', () => {
    const warn = vi.fn();
    expect(buildPath('/billing/invoice-edit/:uuid', {}, warn)).toBe('/');
    expect(buildPath('/billing/invoice-edit/:uuid', { uuid: '' }, warn)).toBe('/');
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls[0][0]).toContain('uuid');
  });

  it('logs to console.warn by default', () => {
    const spy = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(buildPath('/x/:id')).toBe('/');
    expect(spy).toHaveBeenCalledOnce();
    spy.mockRestore();
  });
});

describe('matchPath', () => {
  it('matches exactly, or as a prefix', () => {
    expect(matchPath('/a/:id', '/a/7')).toEqual({ id: '7' });
    expect(matchPath('/a/:id', '/a/7/b')).toBeNull();
    expect(matchPath('/a/:id', '/a/7/b', true)).toEqual({ id: '7' });
    expect(matchPath('/a', '/a/')).toEqual({});
    expect(matchPath('/a', '/b')).toBeNull();
  });
});
