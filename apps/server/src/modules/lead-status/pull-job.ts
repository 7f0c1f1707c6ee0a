import { and, eq, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { QUEUES, sendInTx } from '../../jobs/jobs.ts';
import { templateOf } from '../advertisers/index.ts';
import { loadProductContext, type WithPushSlots, PullError, pullStatuses } from '../integrations/index.ts';
import { applyStatuses, type ApplySummary } from './apply.ts';

export type PullJob = { productId: string };
export type PullRun = { pages: number; summary: ApplySummary } | { error: string } | null;

/** Buyers change a status a little before they list it: each window starts this much before the last one ended. */
const OVERLAP_MS = 10 * 60_000;
/** A product's first pull reads this far back. */
const FIRST_LOOKBACK_MS = 30 * 86_400_000;

const after = (now: Date, minutes: number) => new Date(now.getTime() + minutes * 60_000);

/**
 * One product's status pull (the per-product job): reads the statuses changed since its last pull and applies them.
 * The window moves on only when every page was read; a failed pull waits for the next interval and reads it again.
 */
export const runPull = async (deps: AppDeps & WithPushSlots, productId: string, now = new Date()): Promise<PullRun> => {
  const ctx = await loadProductContext(deps, productId);
  const { pull } = ctx.template;
  const due = { pullDueAt: after(now, pull.interval_minutes) };
  if (!pull.enabled || ctx.product.status !== 'active' || !ctx.product.testedAt) {
    await deps.db.update(products).set(due).where(eq(products.id, productId));
    return null;
  }
  const last = ctx.product.pulledUntil;
  const since = new Date(last ? last.getTime() - OVERLAP_MS : now.getTime() - FIRST_LOOKBACK_MS);
  try {
    const { items, pages } = await pullStatuses(ctx, since);
    const summary = await applyStatuses(deps, productId, items, now);
    await deps.db
      .update(products)
      .set({ ...due, pulledUntil: now })
      .where(eq(products.id, productId));
    return { pages, summary };
  } catch (err) {
    if (!(err instanceof PullError)) throw err;
    await deps.db.update(products).set(due).where(eq(products.id, productId));
    return { error: err.message };
  }
};

/**
 * The every-minute scheduler: one pull job per product whose pull is due (active, tested, pull on). The due time
 * moves on as the job is queued, so a job still waiting is not queued again next minute; the queue's singleton key
 * (the product) keeps two scheduler processes from queuing the same pull twice.
 */
export const enqueueDuePulls = (db: Db, now = new Date()) =>
  db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const candidates = await t
      .select()
      .from(products)
      .where(
        and(
          eq(products.status, 'active'),
          isNotNull(products.testedAt),
          or(isNull(products.pullDueAt), lte(products.pullDueAt, now)),
        ),
      )
      .for('update', { skipLocked: true });
    const queued: string[] = [];
    for (const product of candidates) {
      const { pull } = templateOf(product);
      if (!pull.enabled) continue;
      await t
        .update(products)
        .set({ pullDueAt: after(now, pull.interval_minutes) })
        .where(eq(products.id, product.id));
      await sendInTx(tx, QUEUES.leadPull, { productId: product.id } satisfies PullJob, { singletonKey: product.id });
      queued.push(product.id);
    }
    return queued;
  });
