import { and, desc, eq, sql } from 'drizzle-orm';
import { COLD_ADD_MAX, COLD_ROLES, coldSearchFiltersSchema, type ColdSource, type Role } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { coldAddJobs, coldLeadLists, users } from '../../db/schema.ts';
import { QUEUES } from '../../jobs/jobs.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { matchingLeads, resolveColdSearch, type ColdSearch } from './lists.search.ts';
import { countUpTo, insertListLeads } from './lists.service.ts';

/** Leads per statement: big enough to add 100,000 in twenty steps, small enough to show progress and stay short. */
export const ADD_CHUNK = 5000;
export type AddJobData = { id: string };

/** The addition searches as the person who asked: a team lead's job adds only their team's affiliates' leads. */
const requesterOf = async (db: Db, id: string | null): Promise<AuthContext | null> => {
  if (!id) return null;
  const [u] = await db.select().from(users).where(eq(users.id, id));
  if (!u || u.status !== 'active' || !(COLD_ROLES as readonly Role[]).includes(u.role as Role)) return null;
  return {
    user: {
      id: u.id,
      email: u.email,
      role: u.role as Role,
      managerType: u.managerType,
      status: u.status,
      managerId: u.managerId,
      teamLeadId: u.teamLeadId,
    },
    sessionId: '',
    impersonatorId: null,
  };
};

const finish = (db: Db, id: string, set: { state: 'done' | 'failed'; error?: string; total?: number }) =>
  db
    .update(coldAddJobs)
    .set({ ...set, finishedAt: sql`now()` })
    .where(and(eq(coldAddJobs.id, id), eq(coldAddJobs.state, 'running')));

type Cursor = { at: string; id: string };
type Run = { job: typeof coldAddJobs.$inferSelect; search: ColdSearch; total: number };

/**
 * One chunk in one transaction: the next matches after the cursor (newest first, the order of the search page), the
 * insert and the job's progress commit together. The list row is share-locked, so a delete of the list waits for the
 * chunk and the next chunk finds the job gone. Null when the job no longer runs (its list deleted).
 */
const addChunk = (db: Db, run: Run, done: number, after: Cursor | null) =>
  db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const { job } = run;
    const [list] = await tx
      .select({ id: coldLeadLists.id })
      .from(coldLeadLists)
      .where(eq(coldLeadLists.id, job.listId))
      .for('share');
    if (!list) return null;
    const m = matchingLeads(tx, run.search);
    const chunk = await tx
      .select({ leadId: m.leadId, conversionId: m.conversionId, at: sql<string>`${m.sortAt}::text` })
      .from(m)
      .where(after ? sql`(${m.sortAt}, ${m.leadId}) < (${after.at}::timestamptz, ${after.id}::uuid)` : undefined)
      .orderBy(desc(m.sortAt), desc(m.leadId))
      .limit(Math.min(ADD_CHUNK, run.total - done));
    const added = await insertListLeads(tx, job.listId, job.source as ColdSource, chunk);
    const [still] = await tx
      .update(coldAddJobs)
      .set({ done: sql`${coldAddJobs.done} + ${chunk.length}`, added: sql`${coldAddJobs.added} + ${added}` })
      .where(and(eq(coldAddJobs.id, job.id), eq(coldAddJobs.state, 'running')))
      .returning({ id: coldAddJobs.id });
    if (!still) return null;
    const last = chunk.at(-1);
    return { taken: chunk.length, cursor: last ? { at: last.at, id: last.leadId } : after };
  });

/**
 * Counts the matches (at most COLD_ADD_MAX: the total shown), then walks them in chunks. After a crash pg-boss runs
 * the job again: it walks from the start, the leads already added are skipped by the conflict, and `added` keeps
 * counting only leads new to the list. A failure ends the job as failed; what was added stays.
 */
export const runAddJob = async (db: Db, id: string) => {
  const [job] = await db.select().from(coldAddJobs).where(eq(coldAddJobs.id, id));
  if (!job || job.state !== 'running') return;
  try {
    const auth = await requesterOf(db, job.requestedBy);
    if (!auth) {
      await finish(db, id, { state: 'failed', error: 'The person who asked for the addition can no longer add leads' });
      return;
    }
    const search = await resolveColdSearch(
      db,
      auth,
      job.source as ColdSource,
      coldSearchFiltersSchema.parse(job.filters),
    );
    const total = search.empty
      ? 0
      : Math.min(await countUpTo(db, matchingLeads(db, search), COLD_ADD_MAX), COLD_ADD_MAX);
    await db.update(coldAddJobs).set({ total, done: 0 }).where(eq(coldAddJobs.id, id));
    const run: Run = { job, search, total };
    let done = 0;
    let cursor: Cursor | null = null;
    while (done < total) {
      const step = await addChunk(db, run, done, cursor);
      if (!step) return;
      if (!step.taken) break;
      done += step.taken;
      cursor = step.cursor;
    }
    // Matches can only drop away while it runs (a lead's status changed): the total then is what was walked.
    await finish(db, id, { state: 'done', total: done });
  } catch (err) {
    await finish(db, id, { state: 'failed', error: 'The addition stopped; the leads added so far stay in the list' });
    throw err;
  }
};

/** The worker of "add all" (docs/product/cold-api.md, "Lead lists"). */
export const startColdAddJobs = async (deps: AppDeps) => {
  await deps.jobs.work<AddJobData>(QUEUES.coldAdd, (job) => runAddJob(deps.db, job.id));
};
