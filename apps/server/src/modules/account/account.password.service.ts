import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';
import { writeAudit } from '../../lib/audit.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/tokens.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { accountFailures, actorOf, countFailure, refuseWhenLocked } from './account.guard.ts';

/** Every other session of the user is signed out (PRODUCT.md §1); the one that made the change stays. */
export const changePassword = async (db: Db, auth: AuthContext, body: { current_password: string; new_password: string }, ip: string) => {
  const limit = accountFailures(auth.user.id);
  await refuseWhenLocked(db, limit);
  const [user] = await db.select().from(users).where(eq(users.id, auth.user.id)).limit(1);
  if (!user) throw notFound('User');
  if (!(await verifyPassword(body.current_password, user.passwordHash))) {
    await countFailure(db, limit);
    throw badRequest('current_password', 'Current password is wrong');
  }
  const passwordHash = await hashPassword(body.new_password);
  const revoked = await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, user.id));
    return tx.update(sessions).set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.userId, user.id), ne(sessions.id, auth.sessionId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
  });
  await writeAudit(db, {
    action: 'password_change', actorId: actorOf(auth), subjectId: user.id, ip, details: { via: 'settings', revoked_sessions: revoked.length },
  });
  return {};
};
