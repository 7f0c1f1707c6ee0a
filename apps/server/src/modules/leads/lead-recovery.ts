import type { FastifyInstance } from 'fastify';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import { coldSends, leadAttempts, leads } from '../../db/schema.ts';
import { lookupLead } from '../integrations/index.ts';
import { recordAttempt, type AttemptRecord } from './attempts.ts';
import { pruneKeys } from './idempotency.ts';
import type { LeadCache } from './lead-cache.ts';
import type { LeadRow } from './lead-intake.ts';
import { acceptLead, failLead, leaveUnknown } from './lead-outcome.ts';
import { capSlot, releaseSlot } from './product-caps.ts';
import { routeLead } from './waterfall.ts';

/**
 * Longer than one send and its lookup (each at most the template's 60 s): every send renews the lead's updated_at,
 * so a lead processing this long has no live process routing it (docs/decisions/017-starvation-crash-lockout.md).
 */
export const STUCK_AFTER_MS = 150_000;
const SWEEP_MS = 60_000;
const stale = sql`now() - make_interval(secs => ${STUCK_AFTER_MS / 1000})`;
const STOPPED = 'The process routing the lead stopped during the send';
const NOT_SENT = 'The process stopped before the send';
const TAKEN_AGAIN = 'no buyer has the lead, so its distribution takes it again';

/**
 * A Cold API copy (origin_lead_id) never walks on to other products after a crash: its distribution chose them. A copy
 * that no buyer has (nothing sent, or the buyer in flight surely lacks it) gives its claim back, so the distribution's
 * runner takes the stored lead again: nothing is sent twice and nothing is lost.
 */
const giveBackCopy = async (deps: AppDeps, lead: LeadRow, why: string) =>
  deps.db.transaction(async (tx) => {
    const [failed] = await tx
      .update(leads)
      .set({
        status: 'failed',
        reason: 'no_product_available',
        reasonDetail: `${why}; ${TAKEN_AGAIN}`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(leads.id, lead.id), eq(leads.status, 'processing')))
      .returning();
    if (failed) await tx.delete(coldSends).where(eq(coldSends.sessionId, lead.id));
    return failed ?? lead;
  });

/** Renewing updated_at claims the lead: the WHERE is checked again under the row lock, so one sweeper settles it. */
const claim = async (deps: AppDeps, id: string) =>
  (
    await deps.db
      .update(leads)
      .set({ updatedAt: sql`now()` })
      .where(and(eq(leads.id, id), eq(leads.status, 'processing'), lt(leads.updatedAt, stale)))
      .returning()
  )[0] ?? null;

/**
 * As a timeout is settled (waterfall.ts): the buyer that had the send in flight is asked; found → accepted; cannot
 * tell → unknown, and nobody else gets the lead; surely missing (or nothing was in flight) → the products not yet tried.
 */
export const settleLead = async (deps: AppDeps, cache: LeadCache, lead: LeadRow, sentAt: Date): Promise<LeadRow> => {
  const { db } = deps;
  const tried = await db
    .select({
      id: leadAttempts.id,
      productId: leadAttempts.productId,
      result: leadAttempts.result,
      called: leadAttempts.called,
    })
    .from(leadAttempts)
    .where(eq(leadAttempts.leadId, lead.id))
    .orderBy(asc(leadAttempts.position));
  // The process stopped between a timeout's attempt and the lead's status: the status pull settles that buyer's answer.
  if (tried.at(-1)?.result === 'timeout')
    return leaveUnknown(db, lead, 'A buyer timed out and the process stopped; its status is being checked');
  const exclude = new Set(tried.map((a) => a.productId));
  let position = tried.length;
  const sending =
    lead.sendingAttemptId && !tried.some((a) => a.id === lead.sendingAttemptId) ? lead.sendingAttemptId : null;
  const copy = lead.originLeadId !== null;
  const reachedNone = !tried.some((a) => a.called);
  if (copy && !sending && reachedNone) return giveBackCopy(deps, lead, NOT_SENT);
  if (sending) {
    const c = (await cache.links.get(lead.offerId)).find((l) => l.product.id === lead.sendingProductId);
    if (!c) return leaveUnknown(db, lead, `${STOPPED}, and the product is no longer linked to the offer`);
    exclude.add(c.product.id);
    const look = await lookupLead(c.context(), sending);
    const a: AttemptRecord = {
      id: sending,
      leadId: lead.id,
      position: position++,
      result: 'timeout',
      exchange: null,
      externalId: null,
      autologinUrl: null,
      message: '',
    };
    if (look.found === true) {
      Object.assign(a, {
        message: `${STOPPED}; the lookup found the lead`,
        externalId: look.external_id,
        autologinUrl: look.autologin_url,
      });
      return acceptLead(db, lead, c, a, { externalId: look.external_id, autologinUrl: look.autologin_url });
    }
    if (look.found === null) {
      a.message = `${STOPPED}; the lookup cannot tell (${look.message}), so no other buyer gets the lead`;
      await recordAttempt(db, c, a);
      return leaveUnknown(db, lead, a.message);
    }
    a.message = `${STOPPED}; the lookup says the buyer does not have it`;
    await recordAttempt(db, c, a);
    if (!lead.isTest) {
      const timeZone = c.link.workingHours?.time_zone ?? (await cache.timeZone());
      await releaseSlot(
        db,
        capSlot({
          offerId: lead.offerId,
          productId: c.product.id,
          caps: c.link.caps,
          timeZone,
          country: lead.country ?? '',
          at: sentAt,
        }),
      );
    }
    if (copy) return reachedNone ? giveBackCopy(deps, lead, a.message) : failLead(db, lead, a.message);
  }
  if (copy) return failLead(db, lead, `${STOPPED}; no other product is tried for a re-send`);
  const password = lead.passwordEnc ? deps.secrets.decrypt(lead.passwordEnc) : '';
  return (await routeLead(deps, cache, lead, password, new Date(), { exclude, position })).lead;
};

/** Settles every lead left processing by a stopped process; returns how many this call settled. */
export const settleStuckLeads = async (deps: AppDeps, cache: LeadCache, warn: (err: unknown, id: string) => void) => {
  const stuck = await deps.db
    .select({ id: leads.id, updatedAt: leads.updatedAt })
    .from(leads)
    .where(and(eq(leads.status, 'processing'), lt(leads.updatedAt, stale)))
    .orderBy(asc(leads.updatedAt))
    .limit(50);
  let settled = 0;
  for (const { id, updatedAt } of stuck) {
    const lead = await claim(deps, id);
    if (!lead) continue;
    await settleLead(deps, cache, lead, updatedAt).then(
      () => {
        settled++;
      },
      (err) => warn(err, id),
    );
  }
  return settled;
};

/** At start and every minute: stuck leads settled, idempotency keys past their day pruned. One sweep at a time. */
export const startLeadRecovery = (app: FastifyInstance, deps: AppDeps, cache: LeadCache) => {
  let running: Promise<void> | null = null;
  const sweep = () => {
    running ??= settleStuckLeads(deps, cache, (err, id) =>
      app.log.warn({ err, lead: id }, 'settling a stuck lead failed'),
    )
      .then(() => pruneKeys(deps.db))
      .then(
        () => {},
        (err) => app.log.warn({ err }, 'lead recovery sweep failed'),
      )
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(sweep, SWEEP_MS);
  timer.unref();
  // The first sweep asks buyers about sends in flight, the sandbox among them (this very server).
  app.background.add('lead recovery', [async () => sweep()]);
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
};
