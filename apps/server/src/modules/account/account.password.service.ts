import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passwordResets, sessions, users } from '../../db/schema.ts';
import { writeAudit } from '../../lib/audit.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/tokens.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { accountFailures, actorOf, claimAttempt, clearAttempts } from './account.guard.ts';

/** Every other session of the user is signed out (docs/product/roles-and-scoping.md); the one that made the change stays. */
export const changePassword = async (
  db: Db,
  auth: AuthContext,
  body: { current_password: string; new_password: string },
  ip: string,
) => {
  const limit = accountFailures(auth.user.id);
  await claimAttempt(db, limit);
  const [user] = await db.select().from(users).where(eq(users.id, auth.user.id)).limit(1);
  if (!user) throw notFound('User');
  if (!(await verifyPassword(body.current_password, user.passwordHash))) {
    throw badRequest('current_password', 'Current password is wrong');
  }
  await clearAttempts(db, limit);
  const passwordHash = await hashPassword(body.new_password);
  const revoked = await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, user.id));
    // Reset links requested before the change must not undo it.
    await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    return tx
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.userId, user.id), ne(sessions.id, auth.sessionId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
  });
  await writeAudit(db, {
    action: 'password_change',
    actorId: actorOf(auth),
    subjectId: user.id,
    ip,
    details: { via: 'settings', revoked_sessions: revoked.length },
  });
  return {};
};
