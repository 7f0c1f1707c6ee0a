import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createSessionCookies, type CookieJar } from './session-cookies.ts';

// vi.mock factories are hoisted above plain declarations; vi.hoisted keeps these available to them.
const { jarMap, jar, apiRequest } = vi.hoisted(() => {
  const jarMap = new Map<string, string>();
  const jar: CookieJar = {
    get: (n) => jarMap.get(n),
    set: (n, v) => void jarMap.set(n, v),
    remove: (n) => void jarMap.delete(n),
  };
  return { jarMap, jar, apiRequest: vi.fn() };
});

vi.mock('./session-cookies.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('./session-cookies.ts')>();
  return { ...original, sessionCookies: original.createSessionCookies('pxl', jar) };
});
vi.mock('../http/api-client.ts', () => ({ apiRequest: (...args: unknown[]) => apiRequest(...args) }));

const { logout } = await import('./logout.ts');
const { startImpersonation, returnToOwnAccount } = await import('./impersonation.ts');
const { authStore, currentRole } = await import('./auth-store.ts');
const { applyLogin } = await import('./session-actions.ts');
const { notificationStore } = await import('../notifications/notification-store.ts');

const cookies = createSessionCookies('pxl', jar);
const staff = { token: 'staff-token', user_role: 'ADMIN', uuid: 's-1', type: 'admin', email: 'admin@x.test' };
const affiliate = { token: 'aff-token', user_role: 'affiliate', uuid: 'a-1', type: 'affiliate', email: 'aff@x.test' };
const assign = vi.fn();

beforeEach(() => {
  jarMap.clear();
  apiRequest.mockReset();
  assign.mockReset();
  vi.stubGlobal('window', { location: { assign } });
});

describe('session flows', () => {
  it('login success stores the session (role lower case), signs in and clears notifications', () => {
    notificationStore.getState().add('error', 'old');
    applyLogin(staff);
    expect(cookies.readSession()).toEqual({
      token: 'staff-token',
      role: 'admin',
      uuid: 's-1',
      type: 'admin',
      email: 'admin@x.test',
    });
    expect(authStore.getState().isLogin).toBe(true);
    expect(currentRole()).toBe('admin');
    expect(notificationStore.getState().items).toEqual([]);
  });

  it('logout clears the auth cookies even when the call fails, keeping the error', async () => {
    applyLogin(staff);
    apiRequest.mockRejectedValue(new Error('Network error'));
    await logout();
    expect(cookies.readSession()).toEqual({});
    expect(authStore.getState()).toMatchObject({ isLogin: false, error: 'Network error' });
    expect(currentRole()).toBeNull();
  });

  it('impersonation keeps old copies, switches to the affiliate and reloads; return restores them', async () => {
    applyLogin(staff);
    apiRequest.mockResolvedValueOnce(affiliate);
    await startImpersonation('a-1');
    expect(apiRequest.mock.calls[0][1]).toEqual({ body: { uuid: 'a-1' } });
    expect(cookies.readOldSession()).toMatchObject({ token: 'staff-token', role: 'admin', uuid: 's-1' });
    expect(cookies.readSession()).toMatchObject({ token: 'aff-token', role: 'affiliate', uuid: 'a-1' });
    expect(assign).toHaveBeenCalledWith('/dashboard');

    apiRequest.mockResolvedValueOnce({});
    await returnToOwnAccount();
    expect(apiRequest.mock.calls[1][0].path).toBe('/api/auth/v1/logout');
    expect(cookies.readSession()).toMatchObject({ token: 'staff-token', role: 'admin' });
    expect(cookies.hasOldSession()).toBe(false);
  });
});
