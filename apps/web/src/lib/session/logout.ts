import { authApi } from '@pxl/contract/auth/index';
import { apiRequest } from '../http/api-client.ts';
import { forgetUserData } from '../query-client.ts';
import { authStore } from './auth-store.ts';
import { sessionCookies } from './session-cookies.ts';

/**
 * GET logout revokes the token; the auth cookies are cleared whether it succeeds or fails (docs/product/api-and-errors.md).
 * While impersonating, the staff session kept in the old copies is revoked and dropped too:
 * signing out should not leave a live token behind in a cookie.
 */
export async function logout(): Promise<void> {
  const old = sessionCookies.readOldSession();
  try {
    await apiRequest(authApi.logout, { silent: true });
    authStore.getState().dispatch({ type: 'logout/success' });
  } catch (error) {
    authStore.getState().dispatch({ type: 'logout/failure', error: (error as Error).message });
  } finally {
    sessionCookies.clearSession();
    forgetUserData();
  }
  if (old.token) {
    sessionCookies.clearOldSession();
    await apiRequest(authApi.logout, { silent: true, token: old.token }).catch(() => undefined);
  }
}
