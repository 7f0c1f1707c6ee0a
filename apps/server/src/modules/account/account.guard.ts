import type { Db } from '../../db/client.ts';
import { hitLimit, peekLimit, type Limit } from '../../lib/rate-limit.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import type { AuthContext } from '../auth/session.service.ts';

/** Who acted: the staff user behind an impersonated session, else the user themself (the user stays the subject). */
export const actorOf = (auth: AuthContext) => auth.impersonatorId ?? auth.user.id;

/**
 * Wrong passwords and 2FA codes given inside a session, per user: a stolen session must not become a password oracle.
 * Counts failures only, so a user who gets it right is never slowed down.
 */
export const accountFailures = (userId: string): Limit => ({ key: `account:failures:${userId}`, max: 10, windowMs: 15 * 60_000 });

export const refuseWhenLocked = async (db: Db, limit: Limit) => {
  if ((await peekLimit(db, limit)) >= limit.max) throw tooManyRequests(limit.windowMs / 1000);
};

export const countFailure = (db: Db, limit: Limit) => hitLimit(db, limit);
