import type { Db } from '../../db/client.ts';
import { clearLimit, hitLimit, type Limit } from '../../lib/rate-limit.ts';
import { forbidden, tooManyRequests } from '../../lib/errors.ts';
import type { AuthContext } from '../../lib/auth-context.ts';

/** Who acted: the staff user behind an impersonated session, else the user themself (the user stays the subject). */
export const actorOf = (auth: AuthContext) => auth.impersonatorId ?? auth.user.id;

/**
 * Wrong passwords and 2FA codes given inside a session, per user: a stolen session must not become a password oracle.
 * Each attempt is counted before the check, in one statement, so parallel guesses cannot all slip under the limit;
 * a success clears the count, so a user who gets it right is never slowed down.
 */
export const accountFailures = (userId: string): Limit => ({
  key: `account:failures:${userId}`,
  max: 10,
  windowMs: 15 * 60_000,
});

export const claimAttempt = async (db: Db, limit: Limit) => {
  if ((await hitLimit(db, limit)) > limit.max) throw tooManyRequests(limit.windowMs / 1000);
};

export const clearAttempts = (db: Db, limit: Limit) => clearLimit(db, limit.key);

/** Staff acting as an affiliate may help with the account, but not take it over: password and 2FA stay the owner's. */
export const ownerOnly = (auth: AuthContext) => {
  if (auth.impersonatorId) throw forbidden('Only the account owner can change the password or two-factor settings');
};
