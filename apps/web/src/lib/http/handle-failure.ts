import { notifyError } from '../notifications/notification-store.ts';
import { navigateTo } from '../navigation.ts';
import { clearAuth } from '../session/session-actions.ts';
import { sessionCookies } from '../session/session-cookies.ts';
import { ApiError } from './api-error.ts';
import { failureNotifications } from './error-notifications.ts';

type Failure = { status: number; payload: unknown; message: string; silent: boolean };

const envelopeErrorOf = (payload: unknown): Record<string, string> | null => {
  const error = (payload as { status?: unknown; error?: unknown } | null)?.error;
  if ((payload as { status?: unknown } | null)?.status !== 'error' || !error || typeof error !== 'object') return null;
  return Object.fromEntries(Object.entries(error).map(([k, v]) => [k, String(v)]));
};

/** Turns a failed call into notifications (docs/product/api-and-errors.md), handles 401, and returns the error to throw. */
export function handleFailure({ status, payload, message, silent }: Failure): ApiError {
  const fields = envelopeErrorOf(payload) ?? {};
  const httpStatus = status >= 400 ? status : null;
  const texts = failureNotifications({ status: httpStatus, envelopeError: envelopeErrorOf(payload), message });
  if (!silent) texts.forEach((text) => notifyError(text));
  if (status === 401 && !silent) {
    // An impersonation that ended (expired or revoked) falls back to the staff session it came from.
    const old = sessionCookies.readOldSession();
    if (old.token) {
      sessionCookies.writeSession(old);
      sessionCookies.clearOldSession();
      window.location.assign('/dashboard');
      return new ApiError(texts[0] ?? message, 'http', status, fields);
    }
    // The auth cookies are cleared and the user goes to /login, unless already there (docs/product/api-and-errors.md).
    clearAuth();
    if (window.location.pathname !== '/login') navigateTo('/login');
  }
  const kind = status === 0 ? 'network' : httpStatus ? 'http' : 'envelope';
  return new ApiError(texts[0] ?? message, kind, status, fields);
}
