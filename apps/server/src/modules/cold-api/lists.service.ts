import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  COLD_ADD_MAX,
  type ColdSearchFilters,
  type ColdSearchQuery,
  type ColdSource,
  type leadListInputSchema,
  type listLeadsQuerySchema,
  type listLeadsRemoveSchema,
} from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { coldAddJobs, coldLeadLists, coldListLeads, leads } from '../../db/schema.ts';
import { QUEUES, sendInTx } from '../../jobs/jobs.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { inTransaction } from '../../lib/audit.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { pageOf } from '../../lib/paging.ts';
import { affiliatesInScope } from '../../lib/scope.ts';
import { anyOf } from '../statistic-logs/index.ts';
import { leadSearch, matchingLeads, resolveColdSearch, type ColdSearch } from './lists.search.ts';
import { dropDeletedDistributions } from './cold-in-use.ts';
import { auditCold, checkOwner } from './cold-owner.ts';
import { coldLeadRows, type LeadSet } from './lists.rows.ts';
import { addJobOf, findLeadList } from './lists.repository.ts';

type ListInput = z.output<typeof leadListInputSchema>;
type SearchQuery = ColdSearchQuery & { source: ColdSource };
type ListLeadsQuery = z.output<typeof listLeadsQuerySchema>;
type RemoveInput = z.output<typeof listLeadsRemoveSchema>;
type AddInput = { source: ColdSource; lead_uuids?: string[]; filters?: ColdSearchFilters };

const LIST_NOT_FOUND = 'Lead list';

const readList = async (db: Db, auth: AuthContext, id: string) => {
  const found = await findLeadList(db, auth, id);
  if (!found) throw notFound(LIST_NOT_FOUND);
  return found;
};
export const getLeadList = readList;

export const createLeadList = async (db: Db, auth: AuthContext, body: ListInput, ip: string) => {
  const id = await inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(coldLeadLists)
      .values({ title: body.title, source: body.source, createdBy: auth.user.id })
      .returning({ id: coldLeadLists.id });
    await auditCold(tx, auth, ip, 'list', row.id, 'create', { title: body.title });
    return row.id;
  });
  return readList(db, auth, id);
};

export const updateLeadList = async (db: Db, auth: AuthContext, id: string, body: ListInput, ip: string) => {
  await inTransaction(db, async (tx) => {
    const before = await lockList(tx, id);
    await checkOwner(tx, auth, 'list', before.createdBy);
    await tx
      .update(coldLeadLists)
      .set({ title: body.title, source: body.source, updatedAt: sql`now()` })
      .where(eq(coldLeadLists.id, id));
    await auditCold(tx, auth, ip, 'list', id, 'update', { from: before.title, title: body.title });
  });
  return readList(db, auth, id);
};

/** The list row locked for the change (a running addition or a new distribution waits for it), or a 404. */
const lockList = async (tx: Db, id: string) => {
  const [row] = await tx
    .select({ id: coldLeadLists.id, title: coldLeadLists.title, createdBy: coldLeadLists.createdBy })
    .from(coldLeadLists)
    .where(eq(coldLeadLists.id, id))
    .for('update');
  if (!row) throw notFound(LIST_NOT_FOUND);
  return row;
};

/** Its leads and additions go with it (on delete cascade); the stored leads themselves stay. */
export const removeLeadList = async (db: Db, auth: AuthContext, id: string, ip: string) => {
  await inTransaction(db, async (tx) => {
    const before = await lockList(tx, id);
    await checkOwner(tx, auth, 'list', before.createdBy);
    await dropDeletedDistributions(tx, 'list', id);
    await tx.delete(coldLeadLists).where(eq(coldLeadLists.id, id));
    await auditCold(tx, auth, ip, 'list', id, 'delete', { title: before.title });
  });
  return { deleted: true as const };
};

/**
 * The search page: a page and its count, capped at COLD_ADD_MAX (what "add all" may take). A page that is not full
 * is the last one and gives the count itself; otherwise the matches are counted up to the cap, never in full.
 */
export const searchColdLeads = async (db: Db, auth: AuthContext, q: SearchQuery) => {
  const s = await resolveColdSearch(db, auth, q.source, q);
  if (s.empty) return { list: [], count: 0, count_capped: false };
  const m = matchingLeads(db, s);
  const list = (await coldLeadRows(db, auth, m, q)).map((r) => r.lead);
  const n =
    list.length < q.count && (list.length > 0 || q.page === 1)
      ? pageOf(q).offset + list.length
      : await countUpTo(db, m, COLD_ADD_MAX + 1);
  return { list, count: Math.min(n, COLD_ADD_MAX), count_capped: n > COLD_ADD_MAX };
};

/** The rows of a set, counted up to `probe` when given. */
export const countUpTo = async (db: Db, m: LeadSet, probe?: number) => {
  const all = db
    .select({ one: sql`1` })
    .from(m)
    .$dynamic();
  const rows = probe === undefined ? all : all.limit(probe);
  const result = await db.execute<{ n: number }>(sql`select count(*)::int as n from (${rows}) p`);
  return Number(result.rows[0].n);
};

/** The filters as they travel (never_ftd as 'true'/'false'), so the list's and the job's copies read back as sent. */
export const wireFilters = (f: ColdSearchFilters) =>
  JSON.parse(
    JSON.stringify({ ...f, never_ftd: f.never_ftd === undefined ? undefined : String(f.never_ftd) }),
  ) as Record<string, unknown>;

/**
 * Puts leads into the list: one row per lead, `on conflict do nothing`, so a lead already in the list (from either
 * tab) keeps its row and is not counted again. Returns how many are new.
 */
export const insertListLeads = async (
  tx: Db,
  listId: string,
  source: ColdSource,
  rows: { leadId: string; conversionId: string | null }[],
) => {
  if (!rows.length) return 0;
  const added = await tx
    .insert(coldListLeads)
    .values(rows.map((r) => ({ listId, leadId: r.leadId, source, conversionId: r.conversionId })))
    .onConflictDoNothing()
    .returning({ id: coldListLeads.leadId });
  return added.length;
};

/** Ticked leads: every one must be a stored lead the caller may add from that tab, or nothing is added (404). */
const addTicked = async (db: Db, auth: AuthContext, listId: string, source: ColdSource, ids: string[]) => {
  const wanted = [...new Set(ids.map((id) => id.toLowerCase()))];
  const base = await resolveColdSearch(db, auth, source, {});
  const s: ColdSearch = { ...base, where: and(base.where, anyOf(leads.id, wanted)) };
  return inTransaction(db, async (tx) => {
    await lockList(tx, listId);
    const m = matchingLeads(tx, s);
    const found = s.empty ? [] : await tx.select({ leadId: m.leadId, conversionId: m.conversionId }).from(m);
    if (found.length < wanted.length) {
      const missing = wanted.length - found.length;
      throw new AppError(404, {
        not_found:
          wanted.length === 1
            ? 'Lead not found'
            : `${missing} of the ticked leads ${missing === 1 ? 'was' : 'were'} not found`,
      });
    }
    const added = await insertListLeads(tx, listId, source, found);
    await tx
      .update(coldLeadLists)
      .set({ updatedAt: sql`now()` })
      .where(eq(coldLeadLists.id, listId));
    return added;
  });
};

/**
 * "Add all": a background job (add-job.ts) takes the filter's matches, at most COLD_ADD_MAX, in chunks. One addition
 * runs per list at a time: a second one is refused until the first ends, so two never race over the same rows.
 */
const addFiltered = async (db: Db, auth: AuthContext, listId: string, source: ColdSource, f: ColdSearchFilters) => {
  // Bad filters (dates, a tab's filter on the other tab) are refused now, not found later by the job.
  await resolveColdSearch(db, auth, source, f);
  const filters = wireFilters(f);
  return inTransaction(db, async (tx) => {
    await lockList(tx, listId);
    const [running] = await tx
      .select()
      .from(coldAddJobs)
      .where(and(eq(coldAddJobs.listId, listId), eq(coldAddJobs.state, 'running')))
      .orderBy(desc(coldAddJobs.createdAt))
      .limit(1);
    if (running)
      throw new AppError(409, {
        filters: `An addition to this list is still running (${running.done} of ${running.total}); wait until it ends`,
      });
    const [job] = await tx
      .insert(coldAddJobs)
      .values({ listId, source, filters, requestedBy: auth.user.id })
      .returning();
    await tx
      .update(coldLeadLists)
      .set({ filters, updatedAt: sql`now()` })
      .where(eq(coldLeadLists.id, listId));
    await sendInTx(tx, QUEUES.coldAdd, { id: job.id }, { retryLimit: 2 });
    return addJobOf(job);
  });
};

/** Exactly one of the two forms comes (the contract refuses both or neither). */
export const addLeads = async (db: Db, auth: AuthContext, listId: string, body: AddInput, ip: string) => {
  const out = body.lead_uuids
    ? { added: await addTicked(db, auth, listId, body.source, body.lead_uuids), job: null }
    : { added: 0, job: await addFiltered(db, auth, listId, body.source, body.filters!) };
  // Adding and taking out leads stays open to every Cold API role within its own leads (a shared list), but is audited.
  await auditCold(db, auth, ip, 'list', listId, 'add_leads', {
    source: body.source,
    ...(out.job ? { job_uuid: out.job.uuid } : { added: out.added }),
  });
  return out;
};

/** The list's leads of one tab, newest added first; a team lead sees only their team's affiliates' leads. */
const listLeadSet = async (db: Db, auth: AuthContext, listId: string, q: { source: ColdSource; search?: string }) => {
  const scope = affiliatesInScope(db, auth);
  const search = await leadSearch(db, auth, q.search);
  return db
    .select({
      leadId: sql<string>`${coldListLeads.leadId}`.as('m_lead_id'),
      conversionId: sql<string | null>`${coldListLeads.conversionId}`.as('m_conversion_id'),
      sortAt: sql<Date>`${coldListLeads.addedAt}`.as('m_sort_at'),
    })
    .from(coldListLeads)
    .innerJoin(leads, eq(leads.id, coldListLeads.leadId))
    .where(
      and(
        eq(coldListLeads.listId, listId),
        eq(coldListLeads.source, q.source),
        scope ? sql`${leads.affiliateId} in (${scope})` : undefined,
        search,
      ),
    )
    .as('m');
};

export const listListLeads = async (db: Db, auth: AuthContext, listId: string, q: ListLeadsQuery) => {
  await readList(db, auth, listId);
  const m = await listLeadSet(db, auth, listId, q);
  const rows = await coldLeadRows(db, auth, m, q, { lastSend: true });
  const list = rows.map((r) => ({ ...r.lead, added_at: r.sortAt.toISOString(), last_send: r.lastSend }));
  const count =
    list.length < q.count && (list.length > 0 || q.page === 1)
      ? pageOf(q).offset + list.length
      : await countUpTo(db, m);
  return { list, count };
};

/** Only leads of the tab, and for a team lead only their team's: the others are left in place and not counted. */
export const removeListLeads = async (db: Db, auth: AuthContext, listId: string, body: RemoveInput, ip: string) => {
  await readList(db, auth, listId);
  const scope = affiliatesInScope(db, auth);
  const removed = await db
    .delete(coldListLeads)
    .where(
      and(
        eq(coldListLeads.listId, listId),
        eq(coldListLeads.source, body.source),
        anyOf(coldListLeads.leadId, [...new Set(body.lead_uuids.map((id) => id.toLowerCase()))]),
        scope ? sql`${coldListLeads.leadId} in (select id from leads where affiliate_id in (${scope}))` : undefined,
      ),
    )
    .returning({ id: coldListLeads.leadId });
  if (removed.length)
    await db
      .update(coldLeadLists)
      .set({ updatedAt: sql`now()` })
      .where(eq(coldLeadLists.id, listId));
  await auditCold(db, auth, ip, 'list', listId, 'remove_leads', { source: body.source, removed: removed.length });
  return { removed: removed.length };
};
