import { authApi } from '@pxl/contract/auth/index';
import { apiRequest } from '../http/api-client.ts';
import { toStored } from './session-actions.ts';
import { sessionCookies } from './session-cookies.ts';

const reloadTo = (path: string) => window.location.assign(path);

export const isImpersonating = (): boolean => sessionCookies.hasOldSession();

/**
 * Impersonation (docs/product/screens-and-lists.md): the affiliate token arrives; the current token, role and uuid (and
 * type, email) become the 'old' copies; the affiliate session replaces them; the page reloads.
 */
export async function startImpersonation(affiliateUuid: string): Promise<void> {
  const session = await apiRequest(authApi.getAffiliateToken, { body: { uuid: affiliateUuid } });
  // A second impersonation must not overwrite the staff copies with an affiliate session.
  if (!sessionCookies.hasOldSession()) sessionCookies.writeOldSession(sessionCookies.readSession());
  sessionCookies.writeSession(toStored(session));
  reloadTo('/dashboard');
}

/**
 * "Return to my account" (docs/product/roles-and-scoping.md): revoke the affiliate token, restore the old cookies,
 * drop the copies and reload on the dashboard. A failed revoke still returns the user.
 */
export async function returnToOwnAccount(): Promise<void> {
  const old = sessionCookies.readOldSession();
  await apiRequest(authApi.logout, { silent: true }).catch(() => undefined);
  sessionCookies.writeSession(old);
  sessionCookies.clearOldSession();
  reloadTo('/dashboard');
}
