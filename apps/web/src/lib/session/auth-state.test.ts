import { describe, expect, it } from 'vitest';
import { authReducer, initialAuthState, type AuthState } from './auth-state.ts';

const data = { user_role: 'TEAM_LEAD', type: 'Affiliate', uuid: 'u-1', email: 'tl@x.test' };
const signedIn: AuthState = authReducer(initialAuthState, { type: 'login/success', data });

describe('auth state transitions', () => {
  it('starts signed out', () => {
    expect(initialAuthState.isLogin).toBe(false);
  });

  it('login pending sets loading', () => {
    expect(authReducer(initialAuthState, { type: 'login/pending' }).loading).toBe(true);
  });

  it('login success signs in with role and type in lower case', () => {
    const pending = authReducer(initialAuthState, { type: 'login/pending' });
    expect(authReducer(pending, { type: 'login/success', data })).toEqual({
      isLogin: true,
      loading: false,
      error: null,
      user_role: 'team_lead',
      type: 'affiliate',
      uuid: 'u-1',
      email: 'tl@x.test',
    });
  });

  it('login failure clears loading', () => {
    const pending = authReducer(initialAuthState, { type: 'login/pending' });
    const failed = authReducer(pending, { type: 'login/failure', error: 'bad' });
    expect(failed.loading).toBe(false);
    expect(failed.isLogin).toBe(false);
  });

  it('logout success signs out', () => {
    expect(authReducer(signedIn, { type: 'logout/success' }).isLogin).toBe(false);
  });

  it('logout failure signs out and keeps the error message', () => {
    const next = authReducer(signedIn, { type: 'logout/failure', error: 'Network error' });
    expect(next.isLogin).toBe(false);
    expect(next.error).toBe('Network error');
    expect(next.user_role).toBeNull();
  });

  it('refresh from stored cookies restores role, type, uuid, email and sets isLogin', () => {
    const next = authReducer(initialAuthState, {
      type: 'refresh',
      stored: { token: 't', role: 'Admin', type: 'ADMIN', uuid: 'u', email: 'a@x.test' },
    });
    expect(next).toMatchObject({ isLogin: true, user_role: 'admin', type: 'admin', uuid: 'u', email: 'a@x.test' });
    expect(authReducer(initialAuthState, { type: 'refresh', stored: {} }).isLogin).toBe(false);
  });

  it('clear signs out', () => {
    expect(authReducer(signedIn, { type: 'clear' })).toEqual(initialAuthState);
  });
});
