import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Me, RegistrationBody, RegistrationSettings } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { passwordResets, users } from '../../db/schema.ts';
import { writeAudit } from '../../lib/audit.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { enforceLimit } from '../../lib/rate-limit.ts';
import { hashPassword, newToken, sha256Hex } from '../../lib/tokens.ts';
import { revokeUserSessions } from './session.service.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { sessionTypeOf } from './auth.service.ts';
import { affiliateDefaults, registrationSettings } from '../settings/index.ts';
import { referrerForSignup } from '../referrals/index.ts';

const MINUTE = 60_000;
const RESET_TTL_MS = 60 * MINUTE;

export const CHECK_LIMITS = {
  ip: (ip: string) => ({ key: `check:ip:${ip}`, max: 30, windowMs: MINUTE }),
  email: (email: string) => ({ key: `check:email:${email}`, max: 10, windowMs: MINUTE }),
};

const emailTaken = async (db: Db, email: string) =>
  (await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1)).length > 0;

export const checkUserData = async (db: Db, email: string, ip: string) => {
  await enforceLimit(db, CHECK_LIMITS.ip(ip));
  await enforceLimit(db, CHECK_LIMITS.email(email));
  return { email, available: !(await emailTaken(db, email)) };
};

type RegistrationInput = Omit<RegistrationBody, 'account'> & { account: 'affiliate' | 'advertiser' };

const REQUIRED_FIELD_MESSAGES: Record<RegistrationSettings['required_fields'][number], string> = {
  last_name: 'Last name is required',
  telegram: 'Telegram is required',
  skype: 'Skype is required',
  website: 'Website is required',
};

/** The registration settings (docs/product/settings.md) decide who may sign up, what they must fill in and the starting status. */
const checkRegistrationAllowed = (rules: RegistrationSettings, body: RegistrationInput) => {
  if (rules.mode === 'closed') throw new AppError(403, { registration: 'Registration is closed' });
  if (body.account === 'advertiser' && !rules.allow_advertisers)
    throw badRequest('account', 'Advertisers cannot sign up here; please contact us');
  const missing = rules.required_fields.filter((f) => !body[f]?.trim());
  if (missing.length) throw new AppError(400, Object.fromEntries(missing.map((f) => [f, REQUIRED_FIELD_MESSAGES[f]])));
  if (rules.terms_required && body.accept_terms !== true)
    throw badRequest('accept_terms', 'You must accept the terms and conditions');
};

export const register = async (db: Db, mailer: Mailer, body: RegistrationInput, ip: string) => {
  await enforceLimit(db, CHECK_LIMITS.ip(ip));
  await enforceLimit(db, { key: `register:email:${body.email}`, max: 5, windowMs: 60 * MINUTE });
  const rules = await registrationSettings.get(db);
  checkRegistrationAllowed(rules, body);
  if (await emailTaken(db, body.email)) throw badRequest('email', 'This email is already registered');
  const status = rules.mode === 'open' ? ('active' as const) : ('on_moderation' as const);
  const contacts = Object.fromEntries(
    Object.entries({ telegram: body.telegram, skype: body.skype }).filter(([, v]) => v),
  ) as Record<string, string>;
  // New affiliates start from the affiliate defaults (manager, hold days, minimum payout), as if staff had created them.
  const defaults = body.account === 'affiliate' ? await affiliateDefaults.get(db) : null;
  const managerId = defaults?.default_manager_uuid ? await activeStaffId(db, defaults.default_manager_uuid) : null;
  const referrerId = defaults ? await referrerForSignup(db, body.ref) : null;
  const [user] = await db
    .insert(users)
    .values({
      email: body.email,
      passwordHash: await hashPassword(body.password),
      role: body.account,
      status,
      firstName: body.first_name,
      lastName: body.last_name ?? '',
      contacts,
      website: body.website ?? '',
      ...(defaults && {
        managerId,
        referrerId,
        holdDays: defaults.hold_days,
        minPayoutAmount: defaults.min_payout.amount,
        minPayoutCurrency: defaults.min_payout.currency,
      }),
    })
    .onConflictDoNothing()
    .returning();
  if (!user) throw badRequest('email', 'This email is already registered');
  await writeAudit(db, {
    action: 'registration',
    actorId: user.id,
    subjectId: user.id,
    ip,
    details: { role: body.account, status, ...(referrerId && { referrer_uuid: referrerId }) },
  });
  await mailer.send({
    to: user.email,
    template: 'registration_received',
    vars: { name: user.firstName, moderated: status !== 'active' },
  });
  return { uuid: user.id, email: user.email, status };
};

/** The default manager may have been deleted since the setting was saved: then the affiliate starts unassigned. */
const activeStaffId = async (db: Db, id: string) => {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.status, 'active'), inArray(users.role, ['manager', 'team_lead', 'head'])))
    .limit(1);
  return row?.id ?? null;
};

export const requestPasswordReset = async (db: Db, mailer: Mailer, email: string, ip: string, publicUrl: string) => {
  await enforceLimit(db, { key: `recovery:ip:${ip}`, max: 10, windowMs: 60 * MINUTE });
  await enforceLimit(db, { key: `recovery:email:${email}`, max: 3, windowMs: 60 * MINUTE });
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  // Same answer for unknown emails: the form must not reveal who has an account.
  if (!user || user.status === 'deleted') return {};
  const token = newToken();
  await db
    .insert(passwordResets)
    .values({ tokenHash: sha256Hex(token), userId: user.id, expiresAt: new Date(Date.now() + RESET_TTL_MS) });
  const link = `${publicUrl.replace(/\/$/, '')}/password-recovery?token=${token}`;
  await mailer.send({ to: user.email, template: 'password_reset', vars: { link } });
  await writeAudit(db, { action: 'password_reset_request', subjectId: user.id, ip });
  return {};
};

export const resetPassword = async (db: Db, token: string, password: string, ip: string) => {
  const passwordHash = await hashPassword(password);
  const userId = await db.transaction(async (tx) => {
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResets.tokenHash, sha256Hex(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, sql`now()`),
        ),
      )
      .returning();
    if (!reset) throw badRequest('token', 'This reset link is invalid or has expired');
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, reset.userId));
    // Links requested earlier must not outlive the password they were meant to replace.
    await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)));
    return reset.userId;
  });
  await revokeUserSessions(db, userId);
  await writeAudit(db, {
    action: 'password_change',
    actorId: userId,
    subjectId: userId,
    ip,
    details: { via: 'reset_link' },
  });
  return {};
};

const personOf = (u: typeof users.$inferSelect) => ({
  uuid: u.id,
  email: u.email,
  name: [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email,
  contacts: u.contacts,
});

export const findMe = async (db: Db, auth: AuthContext): Promise<Me> => {
  const [user] = await db.select().from(users).where(eq(users.id, auth.user.id)).limit(1);
  if (!user) throw notFound('User');
  const [manager] = user.managerId ? await db.select().from(users).where(eq(users.id, user.managerId)).limit(1) : [];
  const [impersonator] = auth.impersonatorId
    ? await db.select().from(users).where(eq(users.id, auth.impersonatorId)).limit(1)
    : [];
  return {
    uuid: user.id,
    email: user.email,
    role: user.role as Me['role'],
    type: sessionTypeOf(user),
    status: user.status as Me['status'],
    first_name: user.firstName,
    last_name: user.lastName,
    contacts: user.contacts,
    created_at: user.createdAt.toISOString(),
    last_login_at: user.lastLoginAt?.toISOString() ?? null,
    manager: manager ? personOf(manager) : null,
    impersonated_by: impersonator ? { uuid: impersonator.id, email: impersonator.email } : null,
  };
};
