import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { PaymentMethod, profileSchema, profileUpdateSchema } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import { paymentChanges } from '../../lib/payment-changes.ts';
import { notFound } from '../../lib/errors.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { actorOf } from './account.guard.ts';

type Profile = z.output<typeof profileSchema>;
type ProfileUpdate = z.output<typeof profileUpdateSchema>;

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
const cleanContacts = (contacts: ProfileUpdate['contacts']) =>
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
    contacts: cleanContacts(body.contacts),
    timeZone: body.time_zone,
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

/** Stored sorted by priority, so payouts and every reader see the preferred method first. */
export const putPaymentMethods = async (db: Db, auth: AuthContext, list: PaymentMethod[], ip: string) => {
  const sorted = [...list].sort((a, b) => a.priority - b.priority);
  await inTransaction(db, async (tx) => {
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
  });
  return { payment_methods: sorted };
};
