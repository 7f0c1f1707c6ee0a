import { eq } from 'drizzle-orm';
import { SIGN_IN_STATUSES, type LoginBody, type SessionData } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { writeAudit } from '../../lib/audit.ts';
import { AppError, unauthorized } from '../../lib/errors.ts';
import { clearLimit, enforceLimit, hitLimit } from '../../lib/rate-limit.ts';
import type { Secrets } from '../../lib/secrets.ts';
import { dummyHash, verifyPassword } from '../../lib/tokens.ts';
import { checkSecondFactor, type SecondFactor } from '../account/index.ts';
import { rehashIfStale } from './password-rehash.ts';
import { createSession } from './session.service.ts';

const MINUTE = 60_000;
/**
 * Every attempt counts and a success clears the count, so a user who signs in often is never held back. Only an
 * address is ever refused (docs/decisions/017-starvation-crash-lockout.md): the account's own count across addresses
 * slows sign-ins, so a stranger's guesses cannot lock its owner out.
 */
export const LOGIN_LIMITS = {
  ip: (ip: string) => ({ key: `login:ip:${ip}`, max: 60, windowMs: 5 * MINUTE }),
  pairFailures: (email: string, ip: string) => ({ key: `login:pair:${email}:${ip}`, max: 10, windowMs: 15 * MINUTE }),
  emailFailures: (email: string) => ({ key: `login:email:${email}`, max: 10, windowMs: 15 * MINUTE }),
};

/** Past the account's limit each attempt waits longer, doubling from 250 ms up to 4 s. */
export const loginDelayMs = (emailHits: number) => {
  const over = emailHits - LOGIN_LIMITS.emailFailures('').max;
  return over <= 0 ? 0 : Math.min(250 * 2 ** (over - 1), 4000);
};

const STATUS_MESSAGES: Record<string, string> = {
  banned: 'Your account is banned. Please contact support.',
  deleted: 'This account has been deleted.',
  on_moderation: 'Your account is waiting for approval by a manager.',
};

export const sessionTypeOf = (u: { role: string; managerType: string | null }) =>
  (u.role === 'admin'
    ? 'admin'
    : u.role === 'affiliate' || u.role === 'advertiser'
      ? u.role
      : (u.managerType ?? 'affiliate')) as SessionData['type'];

export const toSessionData = (
  token: string,
  u: { id: string; email: string; role: string; managerType: string | null },
): SessionData => ({
  token,
  user_role: u.role as SessionData['user_role'],
  uuid: u.id,
  type: sessionTypeOf(u),
  email: u.email,
});

type Meta = { ip: string; userAgent: string };

export const login = async (db: Db, secrets: Secrets, body: LoginBody, meta: Meta): Promise<SessionData> => {
  const pairLimit = LOGIN_LIMITS.pairFailures(body.email, meta.ip);
  const emailLimit = LOGIN_LIMITS.emailFailures(body.email);
  await enforceLimit(db, LOGIN_LIMITS.ip(meta.ip));
  // Counted before the check, in one statement, so parallel guesses cannot all slip under the limit; success clears it.
  if ((await hitLimit(db, pairLimit)) > pairLimit.max)
    throw new AppError(429, { rate_limit: 'Too many failed attempts for this email. Try again in 15 min.' });
  const delay = loginDelayMs(await hitLimit(db, emailLimit));
  if (delay) await new Promise((r) => setTimeout(r, delay));

  const [user] = await db.select().from(users).where(eq(users.email, body.email)).limit(1);
  const passwordOk = await verifyPassword(body.password, user?.passwordHash ?? dummyHash());
  if (!user || !passwordOk) {
    await writeAudit(db, {
      action: 'login_failed',
      subjectId: user?.id,
      ip: meta.ip,
      details: { email: body.email, reason: 'credentials' },
    });
    throw unauthorized('Invalid email or password');
  }
  // Status is revealed only to someone who knows the password.
  if (!SIGN_IN_STATUSES.includes(user.status as never)) {
    await writeAudit(db, { action: 'login_failed', subjectId: user.id, ip: meta.ip, details: { reason: user.status } });
    throw new AppError(403, { auth: STATUS_MESSAGES[user.status] ?? 'This account cannot sign in.' });
  }
  let secondFactor: SecondFactor | null = null;
  if (user.totpSecret) {
    if (!body.code) throw new AppError(401, { code: 'Enter the 6-digit code from your authenticator app' });
    // A TOTP or a one-time recovery code (spent here); wrong ones count towards the email's failure limit.
    secondFactor = await checkSecondFactor(db, secrets, user, body.code);
    if (!secondFactor) {
      await writeAudit(db, { action: 'login_failed', subjectId: user.id, ip: meta.ip, details: { reason: 'totp' } });
      throw new AppError(401, { code: 'The code is not valid' });
    }
  }
  const token = await createSession(db, user.id, meta);
  await clearLimit(db, pairLimit.key);
  await clearLimit(db, emailLimit.key);
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
  await rehashIfStale(db, user, body.password);
  await writeAudit(db, {
    action: 'login',
    actorId: user.id,
    subjectId: user.id,
    ip: meta.ip,
    details: secondFactor ? { second_factor: secondFactor } : {},
  });
  return toSessionData(token, user);
};
