import { and, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { LogEntry, Paged } from '@pxl/contract';
import type { z } from 'zod';
import type { logListQuerySchema } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { takePage } from '../../lib/paging.ts';

const actor = alias(users, 'actor');
const subject = alias(users, 'subject');

type Query = z.output<typeof logListQuerySchema>;

/** Admin and head read everyone's log; other staff only entries where they acted or were acted on. */
export const listAuditLog = async (db: Db, auth: AuthContext, q: Query, timeZone: string): Promise<Paged<LogEntry>> => {
  const where: SQL[] = [];
  const me = auth.user;
  if (me.role !== 'admin' && me.role !== 'head')
    where.push(or(eq(auditLog.actorId, me.id), eq(auditLog.subjectId, me.id))!);
  else if (q.user_uuid) where.push(or(eq(auditLog.actorId, q.user_uuid), eq(auditLog.subjectId, q.user_uuid))!);
  if (q.action) where.push(eq(auditLog.action, q.action));
  // Dates are days in the partner's time zone, cut to UTC instants here.
  if (q.date_from) where.push(gte(auditLog.createdAt, sql`(${q.date_from}::date)::timestamp at time zone ${timeZone}`));
  if (q.date_to) where.push(lt(auditLog.createdAt, sql`(${q.date_to}::date + 1)::timestamp at time zone ${timeZone}`));

  const filter = where.length ? and(...where) : undefined;
  const rows = await takePage(
    db
      .select({
        id: auditLog.id,
        createdAt: auditLog.createdAt,
        action: auditLog.action,
        ip: auditLog.ip,
        details: auditLog.details,
        actorId: actor.id,
        actorEmail: actor.email,
        subjectId: subject.id,
        subjectEmail: subject.email,
        total: sql<number>`count(*) over()`.mapWith(Number),
      })
      .from(auditLog)
      .leftJoin(actor, eq(actor.id, auditLog.actorId))
      .leftJoin(subject, eq(subject.id, auditLog.subjectId))
      .where(filter)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .$dynamic(),
    q,
  );

  // Past the last page the window count has no row to ride on: count apart, so the pager still knows the total.
  const count = rows.length
    ? rows[0].total
    : q.page > 1
      ? (
          await db
            .select({ n: sql<number>`count(*)`.mapWith(Number) })
            .from(auditLog)
            .where(filter)
        )[0].n
      : 0;

  return {
    list: rows.map((r) => ({
      uuid: r.id,
      created_at: r.createdAt.toISOString(),
      action: r.action as LogEntry['action'],
      ip: r.ip,
      details: r.details,
      actor: r.actorId ? { uuid: r.actorId, email: r.actorEmail! } : null,
      subject: r.subjectId ? { uuid: r.subjectId, email: r.subjectEmail! } : null,
    })),
    count,
  };
};
