import { createStore, useStore } from 'zustand';
import { normalizeRole, type Role } from '@pxl/contract/access/roles';
import { authReducer, initialAuthState, type AuthEvent, type AuthState } from './auth-state.ts';
import { sessionCookies } from './session-cookies.ts';

type AuthStore = AuthState & { dispatch: (event: AuthEvent) => void };

export const authStore = createStore<AuthStore>()((set, get) => ({
  ...initialAuthState,
  dispatch: (event) => set(authReducer(get(), event)),
}));

export const useAuth = <T>(selector: (state: AuthStore) => T): T => useStore(authStore, selector);

/** A stored session at start is restored, so its token is applied to later requests (docs/product/screens-and-lists.md). */
export const refreshFromCookies = (): void =>
  authStore.getState().dispatch({ type: 'refresh', stored: sessionCookies.readSession() });

/**
 * Signed in: the auth state says so, or a token and a role are stored (docs/product/routes.md). An unknown
 * role counts as signed out; otherwise the guards would bounce between /login and /dashboard.
 */
export function isSignedIn(): boolean {
  const stored = sessionCookies.readSession();
  const state = authStore.getState();
  return (
    (state.isLogin && normalizeRole(state.user_role) !== null) || Boolean(stored.token && normalizeRole(stored.role))
  );
}

/** The current role is read from the stored role first, then from the auth state (docs/product/screens-and-lists.md). */
export function currentRole(): Role | null {
  if (!isSignedIn()) return null;
  return normalizeRole(sessionCookies.readSession().role) ?? normalizeRole(authStore.getState().user_role);
}

/** Re-renders on auth changes and answers the current role (null when signed out). */
export function useCurrentRole(): Role | null {
  useAuth((s) => `${s.isLogin}:${s.user_role}`);
  return currentRole();
}
