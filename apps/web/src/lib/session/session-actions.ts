import { clearNotifications } from '../notifications/notification-store.ts';
import { forgetUserData } from '../query-client.ts';
import { authStore } from './auth-store.ts';
import { sessionCookies } from './session-cookies.ts';

export type SessionPayload = { token: string; user_role: string; uuid: string; type: string; email: string };

export const toStored = (session: SessionPayload) => ({
  token: session.token,
  role: session.user_role.toLowerCase(),
  uuid: session.uuid,
  type: session.type.toLowerCase(),
  email: session.email,
});

/** Login success (docs/product/screens-and-lists.md): the session is stored and all notifications are cleared. */
export function applyLogin(session: SessionPayload): void {
  // A fresh sign-in is nobody's impersonation, and must not see what the previous user loaded.
  sessionCookies.clearOldSession();
  forgetUserData();
  sessionCookies.writeSession(toStored(session));
  authStore.getState().dispatch({ type: 'login/success', data: session });
  clearNotifications();
}

/** Clears the auth cookies (not the impersonation copies) and the auth state. */
export function clearAuth(): void {
  sessionCookies.clearSession();
  forgetUserData();
  authStore.getState().dispatch({ type: 'clear' });
}
