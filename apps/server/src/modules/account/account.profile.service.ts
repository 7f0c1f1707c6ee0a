import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { accountApi, PaymentMethod, paymentMethodsBodySchema, profileSchema } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import { mailPaymentChange, paymentChanges } from '../../lib/payment-changes.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/tokens.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { accountFailures, actorOf, claimAttempt, clearAttempts } from './account.guard.ts';
import { checkSecondFactor } from './second-factor.ts';

type Profile = z.output<typeof profileSchema>;
type ProfileUpdate = z.output<NonNullable<typeof accountApi.updateProfile.body>>;

const findUser = async (db: Db, id: string) => {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user) throw notFound('User');
  return user;
};

/** Only the 2FA flag leaves: the secret and recovery hashes never do. */
const toProfile = (u: typeof users.$inferSelect): Profile => ({
  email: u.email,
  first_name: u.firstName,
  last_name: u.lastName,
  contacts: u.contacts,
  time_zone: u.timeZone,
  two_factor: u.totpSecret !== null,
});

export const getProfile = async (db: Db, auth: AuthContext) => toProfile(await findUser(db, auth.user.id));

/** Empty contact fields are dropped, so the stored map holds only what the user filled in. */
const cleanContacts = (contacts: NonNullable<ProfileUpdate['contacts']>) =>
  Object.fromEntries(
    Object.entries(contacts)
      .map(([k, v]) => [k, v?.trim()])
      .filter(([, v]) => v),
  ) as Record<string, string>;

export const updateProfile = async (db: Db, auth: AuthContext, body: ProfileUpdate, ip: string) => {
  const before = await findUser(db, auth.user.id);
  const next = {
    firstName: body.first_name,
    lastName: body.last_name ?? '',
    contacts: body.contacts === undefined ? before.contacts : cleanContacts(body.contacts),
    timeZone: body.time_zone === undefined ? before.timeZone : body.time_zone,
  };
  const [after] = await db
    .update(users)
    .set({ ...next, updatedAt: new Date() })
    .where(eq(users.id, before.id))
    .returning();
  const changed = (Object.keys(next) as (keyof typeof next)[]).filter(
    (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  );
  if (changed.length)
    await writeAudit(db, {
      action: 'profile_update',
      actorId: actorOf(auth),
      subjectId: before.id,
      ip,
      details: { changed },
    });
  return toProfile(after);
};

export const getPaymentMethods = async (db: Db, auth: AuthContext) => ({
  payment_methods: (await findUser(db, auth.user.id)).paymentMethods as PaymentMethod[],
});

type PaymentMethodsBody = z.output<typeof paymentMethodsBodySchema>;

/**
 * The current password, and the second factor when the user has one, before payouts can be redirected: a session
 * alone (a stolen cookie) is not enough. Wrong answers count toward the account's failure limit that password
 * changes and turning 2FA off share, so a stolen session cannot use this to guess the password either.
 */
const confirmOwner = async ({ db, secrets }: AppDeps, auth: AuthContext, body: PaymentMethodsBody) => {
  const user = await findUser(db, auth.user.id);
  if (!body.password) throw badRequest('password', 'Enter your current password to change payment details');
  if (user.totpSecret && !body.totp_code)
    throw badRequest('totp_code', 'Enter the code from your authenticator app to change payment details');
  const limit = accountFailures(user.id);
  await claimAttempt(db, limit);
  if (!(await verifyPassword(body.password, user.passwordHash))) throw badRequest('password', 'Password is wrong');
  if (user.totpSecret && !(await checkSecondFactor(db, secrets, user, body.totp_code!)))
    throw badRequest('totp_code', 'The code is not valid');
  await clearAttempts(db, limit);
};

/** Stored sorted by priority, so payouts and every reader see the preferred method first. */
export const putPaymentMethods = async (deps: AppDeps, auth: AuthContext, body: PaymentMethodsBody, ip: string) => {
  await confirmOwner(deps, auth, body);
  const sorted = [...body.payment_methods].sort((a, b) => a.priority - b.priority);
  const before = await inTransaction(deps.db, async (tx) => {
    const [before] = await tx
      .select({ methods: users.paymentMethods })
      .from(users)
      .where(eq(users.id, auth.user.id))
      .for('update');
    await tx.update(users).set({ paymentMethods: sorted, updatedAt: new Date() }).where(eq(users.id, auth.user.id));
    const changed = paymentChanges(before?.methods ?? [], sorted);
    // Account details stay out of the log; which fields changed, and which systems are set, trace it.
    if (changed.length) {
      await writeAudit(tx, {
        action: 'payment_details_change',
        actorId: actorOf(auth),
        subjectId: auth.user.id,
        ip,
        details: { changed, payment_methods: sorted.map((m) => m.system) },
      });
    }
    return before?.methods ?? [];
  });
  await mailPaymentChange(deps, auth.user.id, { before, after: sorted, by: 'owner', ip });
  return { payment_methods: sorted };
};
