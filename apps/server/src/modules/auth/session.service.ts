import { and, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { SIGN_IN_STATUSES } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';
import type { AuthContext, SessionUser } from '../../lib/auth-context.ts';
import { newToken, sha256Hex } from '../../lib/tokens.ts';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A staff member acting as an affiliate gets a working session, not a month-long key to someone else's account. */
export const IMPERSONATION_TTL_MS = 2 * 60 * 60 * 1000;

export const createSession = async (
  db: Db,
  userId: string,
  meta: { ip?: string; userAgent?: string; impersonatorId?: string },
) => {
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: sha256Hex(token),
    userId,
    impersonatorId: meta.impersonatorId ?? null,
    expiresAt: new Date(Date.now() + (meta.impersonatorId ? IMPERSONATION_TTL_MS : SESSION_TTL_MS)),
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
  });
  return token;
};

const impersonator = alias(users, 'impersonator');

/** One round trip: the live session joined with a user still allowed in (and, when impersonating, a staff user still allowed in). */
export const resolveSession = async (db: Db, token: string): Promise<AuthContext | null> => {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      impersonatorId: sessions.impersonatorId,
      lastSeenAt: sessions.lastSeenAt,
      id: users.id,
      email: users.email,
      role: users.role,
      managerType: users.managerType,
      status: users.status,
      managerId: users.managerId,
      teamLeadId: users.teamLeadId,
      impersonatorStatus: impersonator.status,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(impersonator, eq(impersonator.id, sessions.impersonatorId))
    .where(
      and(eq(sessions.tokenHash, sha256Hex(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)),
    )
    .limit(1);
  if (!row || !SIGN_IN_STATUSES.includes(row.status as never)) return null;
  if (row.impersonatorId && !SIGN_IN_STATUSES.includes(row.impersonatorStatus as never)) return null;
  // Touch at most once a minute so a busy session does not write on every request.
  if (Date.now() - row.lastSeenAt.getTime() > 60_000) {
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(sessions.id, row.sessionId));
  }
  const { sessionId, impersonatorId, lastSeenAt: _, impersonatorStatus: __, ...user } = row;
  return { sessionId, impersonatorId, user: user as SessionUser };
};

export const revokeSession = (db: Db, sessionId: string) =>
  db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));

/** Also ends the impersonation sessions the user opened: they act on that user's authority. */
export const revokeUserSessions = (db: Db, userId: string) =>
  db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(or(eq(sessions.userId, userId), eq(sessions.impersonatorId, userId)), isNull(sessions.revokedAt)));

/** Ends staff impersonations of a user, e.g. when the user moves to another manager's book. */
export const revokeImpersonations = (db: Db, userId: string) =>
  db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNotNull(sessions.impersonatorId), isNull(sessions.revokedAt)));
