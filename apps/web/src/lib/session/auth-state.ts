import type { StoredSession } from './session-cookies.ts';

/** Authentication states (docs/product/screens-and-lists.md); the app starts signed out. */
export type AuthState = {
  isLogin: boolean;
  loading: boolean;
  error: string | null;
  user_role: string | null;
  type: string | null;
  email: string | null;
  uuid: string | null;
};

export type LoginData = { user_role: string; type: string; uuid: string; email: string };

export type AuthEvent =
  | { type: 'login/pending' }
  | { type: 'login/success'; data: LoginData }
  | { type: 'login/failure'; error: string }
  | { type: 'logout/success' }
  | { type: 'logout/failure'; error: string }
  | { type: 'refresh'; stored: StoredSession }
  | { type: 'clear' };

export const initialAuthState: AuthState = {
  isLogin: false,
  loading: false,
  error: null,
  user_role: null,
  type: null,
  email: null,
  uuid: null,
};

const lower = (value: string | undefined | null): string | null => (value ? value.toLowerCase() : null);

// Signed-out states also drop the user fields: the current role falls back to the auth state,
// so a stale role there would outlive the session.
export function authReducer(state: AuthState, event: AuthEvent): AuthState {
  switch (event.type) {
    case 'login/pending':
      return { ...state, loading: true, error: null };
    case 'login/success':
      return {
        ...state,
        isLogin: true,
        loading: false,
        error: null,
        user_role: lower(event.data.user_role),
        type: lower(event.data.type),
        uuid: event.data.uuid,
        email: event.data.email,
      };
    case 'login/failure':
      return { ...state, loading: false, error: event.error };
    case 'logout/success':
      return { ...initialAuthState };
    case 'logout/failure':
      return { ...initialAuthState, error: event.error };
    case 'refresh': {
      const { token, role, type, uuid, email } = event.stored;
      return {
        ...state,
        isLogin: Boolean(token && role),
        user_role: lower(role),
        type: lower(type),
        uuid: uuid ?? null,
        email: email ?? null,
      };
    }
    case 'clear':
      return { ...initialAuthState };
  }
}
