import { describe, expect, it } from 'vitest';
import { cookieName, createSessionCookies, type CookieJar } from './session-cookies.ts';

const memoryJar = (): CookieJar & { map: Map<string, string> } => {
  const map = new Map<string, string>();
  return { map, get: (n) => map.get(n), set: (n, v) => void map.set(n, v), remove: (n) => void map.delete(n) };
};

describe('session cookies', () => {
  it('uses the deployment prefix for key names, with old_ copies', () => {
    expect(cookieName('acme', 'token')).toBe('acme_token');
    expect(cookieName('acme', 'role', true)).toBe('acme_old_role');
  });

  it('writes, reads and clears the session and the old copies separately', () => {
    const jar = memoryJar();
    const cookies = createSessionCookies('pxl', jar);
    cookies.writeSession({ token: 't1', role: 'admin', uuid: 'u1', type: 'admin', email: 'a@x.test' });
    cookies.writeOldSession(cookies.readSession());
    cookies.writeSession({ token: 't2', role: 'affiliate', uuid: 'u2', type: 'affiliate', email: 'f@x.test' });
    expect([...jar.map.keys()].sort()).toEqual([
      'pxl_email',
      'pxl_old_email',
      'pxl_old_role',
      'pxl_old_token',
      'pxl_old_type',
      'pxl_old_uuid',
      'pxl_role',
      'pxl_token',
      'pxl_type',
      'pxl_uuid',
    ]);
    expect(cookies.hasOldSession()).toBe(true);
    expect(cookies.readOldSession().token).toBe('t1');
    cookies.clearSession();
    expect(cookies.readSession()).toEqual({});
    expect(cookies.readOldSession().role).toBe('admin');
    cookies.clearOldSession();
    expect(cookies.hasOldSession()).toBe(false);
  });
});
