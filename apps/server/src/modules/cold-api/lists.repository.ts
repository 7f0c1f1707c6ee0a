import { and, asc, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AddJob, ColdSource, LeadList, leadListQuerySchema } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { coldAddJobs, coldLeadLists, users } from '../../db/schema.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { takePage } from '../../lib/paging.ts';
import { containsPattern, refOf, totalOf } from '../../lib/people.ts';
import { affiliatesInScope } from '../../lib/scope.ts';

type ListQuery = z.output<typeof leadListQuerySchema>;
const list = coldLeadLists;

// Subqueries name the outer row by its table: Drizzle leaves a column of a single-table select unqualified.

/** A list's leads of one tab; a team lead counts only those of their team's affiliates (all they can open). */
const countOf = (db: Db, auth: AuthContext, source: ColdSource) => {
  const scope = affiliatesInScope(db, auth);
  const inScope = scope
    ? sql` and exists (select 1 from leads l where l.id = cl.lead_id and l.affiliate_id in (${scope}))`
    : sql``;
  return sql<number>`(select count(*) from cold_list_leads cl where cl.list_id = cold_lead_lists.id and cl.source = ${source}${inScope})`.mapWith(
    Number,
  );
};

const select = (db: Db, auth: AuthContext) =>
  db
    .select({
      id: list.id,
      title: list.title,
      source: list.source,
      filters: list.filters,
      createdAt: list.createdAt,
      updatedAt: list.updatedAt,
      userSessions: countOf(db, auth, 'user_session'),
      conversions: countOf(db, auth, 'conversion'),
      // In the same statement as the counts: a job read apart could say "done" beside counts from before its last chunk.
      job: sql<StoredJob | null>`(select json_build_object('id', j.id, 'state', j.state, 'total', j.total, 'done', j.done,
        'added', j.added, 'error', j.error, 'created_at', j.created_at, 'finished_at', j.finished_at)
        from cold_add_jobs j where j.list_id = cold_lead_lists.id order by j.created_at desc, j.id desc limit 1)`,
      byId: users.id,
      byFirst: users.firstName,
      byLast: users.lastName,
      byEmail: users.email,
      total: sql<number>`count(*) over()`.mapWith(Number),
    })
    .from(list)
    .leftJoin(users, eq(users.id, list.createdBy));
type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

export const addJobOf = (j: typeof coldAddJobs.$inferSelect): AddJob => ({
  uuid: j.id,
  state: j.state as AddJob['state'],
  total: j.total,
  done: j.done,
  added: j.added,
  error: j.error,
  created_at: j.createdAt.toISOString(),
  finished_at: j.finishedAt?.toISOString() ?? null,
});

type StoredJob = {
  id: string;
  state: string;
  total: number;
  done: number;
  added: number;
  error: string | null;
  created_at: string;
  finished_at: string | null;
};

/** The latest addition of the list: its progress while it runs, its outcome after. */
const jobOf = (j: StoredJob): AddJob => ({
  uuid: j.id,
  state: j.state as AddJob['state'],
  total: j.total,
  done: j.done,
  added: j.added,
  error: j.error,
  created_at: new Date(j.created_at).toISOString(),
  finished_at: j.finished_at && new Date(j.finished_at).toISOString(),
});

const toLists = (rows: Row[]): LeadList[] =>
  rows.map((r) => ({
    uuid: r.id,
    title: r.title,
    source: r.source as ColdSource,
    leads: r.userSessions + r.conversions,
    user_sessions: r.userSessions,
    conversions: r.conversions,
    filters: r.filters as LeadList['filters'],
    job: r.job && jobOf(r.job),
    created_by: refOf(r.byId, r.byFirst, r.byLast, r.byEmail),
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  }));

export const findLeadList = async (db: Db, auth: AuthContext, id: string) => {
  const rows = await select(db, auth).where(eq(list.id, id)).limit(1);
  return rows.length ? toLists(rows)[0] : null;
};

/** Lists are shared by every Cold API role; created-date bounds are days in the general settings' zone. */
export const listLeadLists = async (db: Db, auth: AuthContext, q: ListQuery, timeZone: string) => {
  const where: SQL | undefined = and(
    q.search ? ilike(list.title, containsPattern(q.search)) : undefined,
    q.created_from
      ? sql`${list.createdAt} >= (${q.created_from}::date)::timestamp at time zone ${timeZone}`
      : undefined,
    q.created_to ? sql`${list.createdAt} < (${q.created_to}::date + 1)::timestamp at time zone ${timeZone}` : undefined,
  );
  const dir = q.order === 'asc' ? asc : desc;
  const rows = await takePage(
    select(db, auth)
      .where(where)
      .orderBy(dir(q.sort === 'title' ? list.title : list.createdAt), desc(list.createdAt), asc(list.id))
      .$dynamic(),
    q,
  );
  return { list: toLists(rows), count: await totalOf(db, rows, q.page, where, list) };
};
