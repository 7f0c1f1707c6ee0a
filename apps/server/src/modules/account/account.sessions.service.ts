import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';
import { writeAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { actorOf } from './account.guard.ts';

const impersonator = alias(users, 'impersonator');

/** Live sessions only (not revoked, not expired), most recently used first. */
export const listSessions = async (db: Db, auth: AuthContext) => {
  const rows = await db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      impersonatorEmail: impersonator.email,
    })
    .from(sessions)
    .leftJoin(impersonator, eq(impersonator.id, sessions.impersonatorId))
    .where(and(eq(sessions.userId, auth.user.id), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
  return {
    list: rows.map((s) => ({
      uuid: s.id,
      created_at: s.createdAt.toISOString(),
      last_seen_at: s.lastSeenAt.toISOString(),
      expires_at: s.expiresAt.toISOString(),
      ip: s.ip,
      user_agent: s.userAgent,
      current: s.id === auth.sessionId,
      impersonated_by: s.impersonatorEmail,
    })),
  };
};

/** Own sessions only; another user's id answers 404 like an unknown one. Revoking the current session signs the caller out. */
export const revokeOwnSession = async (db: Db, auth: AuthContext, id: string, ip: string) => {
  const [row] = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, id), eq(sessions.userId, auth.user.id), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  if (!row) throw notFound('Session');
  await writeAudit(db, {
    action: 'session_revoke',
    actorId: actorOf(auth),
    subjectId: auth.user.id,
    ip,
    details: { session: id, current: id === auth.sessionId },
  });
  return {};
};
