import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { AttemptResult, routingStepSchema } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { leadSends, leadsRouted } from '../../lib/metrics.ts';
import { lookupLead, pushLead, type LeadVars, type ProductContext } from '../integrations/index.ts';
import { attemptView, maskPassword, recordAttempt, type AttemptRecord } from './attempts.ts';
import { orderCandidates, type Candidate } from './candidates.ts';
import type { LeadCache } from './lead-cache.ts';
import type { LeadRow } from './lead-intake.ts';
import type { SendMark } from './lead-insert.ts';
import { acceptLead, failLead, leaveUnknown, markSending } from './lead-outcome.ts';
import type { LeadTurn } from './lead-turns.ts';
import { capSlot, peekSlot, releaseSlot, takeSlot } from './product-caps.ts';
import { describeHours, isOpen } from './working-hours.ts';

export type Step = z.output<typeof routingStepSchema>;
export type Routed = { lead: LeadRow; steps: Step[]; summary: string };
/** Where a waterfall a stopped process left goes on (lead-recovery.ts): products already tried, and the next position. */
export type Resume = { exclude: ReadonlySet<string>; position: number };
/**
 * What a Cold API re-send adds to the walk (docs/product/cold-api.md): only some products, others left out, and a
 * claim on each product taken before its send (false: another distribution has the lead there; skipped, no attempt).
 * The lead API passes none.
 */
export type RouteHooks = {
  only?: ReadonlySet<string> | null;
  exclude?: ReadonlySet<string>;
  claim?: (productId: string) => Promise<boolean>;
  /** Told as each call to a buyer starts (after every database step of the send). */
  calling?: () => void;
  /** The lead API's walk, ordered before the lead was stored (planWalk). */
  planned?: Planned;
};

/**
 * The walk's order, decided before the lead is stored so that the insert can carry the first send's mark (one
 * statement less per lead, docs/decisions/068-group-commit.md): only when nothing stands between storing and calling,
 * the first product open now and without caps to take a slot of.
 */
export type Planned = {
  order: ReturnType<typeof orderCandidates>;
  sending: SendMark | null;
};
export const planWalk = async (cache: LeadCache, offerId: string, country: string, at: Date): Promise<Planned> => {
  const order = orderCandidates(await cache.links.get(offerId), country);
  const first = order.ordered[0];
  const sending =
    first && isOpen(first.link.workingHours, at) && !hasCaps(first)
      ? { attemptId: randomUUID(), productId: first.product.id }
      : null;
  return { order, sending };
};

const hasCaps = ({ link: { caps } }: Candidate) =>
  caps.daily !== null || caps.total !== null || caps.per_geo.length > 0;

const varsOf = (lead: LeadRow, password: string, attemptId: string): LeadVars => ({
  lead_id: attemptId,
  first_name: lead.firstName ?? '',
  last_name: lead.lastName ?? '',
  email: lead.email ?? '',
  phone: lead.phone ?? '',
  country: lead.country ?? '',
  ip: lead.ip ?? '',
  language: lead.language ?? '',
  password,
  funnel: lead.funnel ?? '',
  sub1: lead.sub1 ?? '',
  sub2: lead.sub2 ?? '',
  sub3: lead.sub3 ?? '',
  sub4: lead.sub4 ?? '',
  sub5: lead.sub5 ?? '',
});

const LABELS: Partial<Record<AttemptResult, string>> = {
  caps_full: 'over caps',
  closed_hours: 'closed',
  rejected: 'refused',
  duplicate: 'refused as duplicate',
  error: 'failed',
  timeout: 'timed out',
};
/** What an affiliate may learn of the waterfall: how many buyers and why not, never who they are or what they said. */
const summarize = (steps: Step[]) => {
  const counts = new Map<string, number>();
  for (const s of steps)
    if (s.result !== 'skipped')
      counts.set(LABELS[s.result] ?? s.result, (counts.get(LABELS[s.result] ?? s.result) ?? 0) + 1);
  if (!counts.size) return 'No buyer of this offer takes leads from this country now';
  return `Buyers tried: ${[...counts].map(([label, n]) => `${n} ${label}`).join(', ')}`;
};

/**
 * Walks the offer's products for one stored lead (routing rules of docs/product/leads.md): hours, then a cap slot, then the send.
 * The first acceptance wins. A timeout is never passed on blindly: the buyer is asked at once; found → accepted,
 * surely missing → the next product, cannot tell → the lead stays unknown and no other buyer gets it.
 */
export const routeLead = async (
  deps: AppDeps,
  cache: LeadCache,
  lead: LeadRow,
  password: string,
  at = new Date(),
  resume: Resume = { exclude: new Set(), position: 0 },
  hooks: RouteHooks = {},
): Promise<Routed> => {
  const turn = cache.turns.turn(true);
  await turn.acquire();
  try {
    return count(await walk(deps, cache, lead, password, at, resume, hooks, turn));
  } finally {
    turn.release();
  }
};

/** Each buyer's answer and where the lead ended, for GET /metrics (the products are the network's own, so few). */
const count = (routed: Routed) => {
  for (const s of routed.steps)
    if (s.result !== 'skipped')
      leadSends.inc({ product: s.product.uuid, product_name: s.product.name, result: s.result });
  leadsRouted.inc({ status: routed.lead.status });
  return routed;
};

/** One walk's state: the lead and its send, the steps so far and the position of the next attempt. */
type Walk = {
  deps: AppDeps;
  cache: LeadCache;
  lead: LeadRow;
  password: string;
  at: Date;
  hooks: RouteHooks;
  turn: LeadTurn;
  steps: Step[];
  position: number;
  /** The send the lead's insert already marked, taken by the first send to its product. */
  marked: Planned['sending'];
};

const walk = async (
  deps: AppDeps,
  cache: LeadCache,
  lead: LeadRow,
  password: string,
  at: Date,
  resume: Resume,
  hooks: RouteHooks,
  turn: LeadTurn,
): Promise<Routed> => {
  // The lead API ordered its walk before storing the lead (planWalk); other walks order theirs now.
  const { ordered, skipped } =
    hooks.planned?.order ??
    orderCandidates(
      (await cache.links.get(lead.offerId)).filter(
        (c) =>
          !resume.exclude.has(c.product.id) &&
          !hooks.exclude?.has(c.product.id) &&
          (!hooks.only || hooks.only.has(c.product.id)),
      ),
      lead.country ?? '',
    );
  const steps: Step[] = skipped.map((s) => ({
    product: { uuid: s.product.id, name: s.product.name },
    priority: s.link.priority,
    result: 'skipped',
    detail: s.detail,
    attempt: null,
  }));
  const w: Walk = {
    deps,
    cache,
    lead,
    password,
    at,
    hooks,
    turn,
    steps,
    position: resume.position,
    marked: hooks.planned?.sending ?? null,
  };
  for (const c of ordered) {
    const routed = await tryProduct(w, c);
    if (routed) return routed;
  }
  const summary = summarize(steps);
  const detail = steps.length
    ? steps.map((s) => `${s.product.name}: ${s.result} (${s.detail})`).join('; ')
    : 'The offer has no products';
  return { lead: await failLead(deps.db, lead, detail.slice(0, 2000)), steps, summary };
};

const addStep = (w: Walk, c: Candidate, a: AttemptRecord, detail = a.message) => {
  w.steps.push({
    product: { uuid: c.product.id, name: c.product.name },
    priority: c.link.priority,
    result: a.result,
    detail,
    attempt: a.exchange ? attemptView(c, a) : null,
  });
};

/** A product passed over before any call: recorded as an attempt of its own. */
const skip = async (w: Walk, c: Candidate, result: 'caps_full' | 'closed_hours', message: string) => {
  const a: AttemptRecord = {
    id: randomUUID(),
    leadId: w.lead.id,
    position: w.position++,
    result,
    exchange: null,
    externalId: null,
    autologinUrl: null,
    message,
  };
  await recordAttempt(w.deps.db, c, a);
  addStep(w, c, a);
};

// Read only when a capped product has no working hours of its own (its day is then the partner's).
const zoneFor = async (w: Walk, c: Candidate) =>
  c.link.workingHours?.time_zone ?? (hasCaps(c) ? await w.cache.timeZone() : 'UTC');

/** One product of the walk: its hours, a cap slot, the claim, then the send. The routed lead when the walk ends here. */
const tryProduct = async (w: Walk, c: Candidate): Promise<Routed | null> => {
  const { db } = w.deps;
  const { lead, at } = w;
  if (!isOpen(c.link.workingHours, at)) {
    await skip(w, c, 'closed_hours', describeHours(c.link.workingHours!, at));
    return null;
  }
  const slot = capSlot({
    offerId: lead.offerId,
    productId: c.product.id,
    caps: c.link.caps,
    timeZone: await zoneFor(w, c),
    country: lead.country ?? '',
    at,
  });
  const full = lead.isTest ? await peekSlot(db, slot) : await takeSlot(db, slot);
  if (full) {
    await skip(w, c, 'caps_full', `The ${full} is reached`);
    return null;
  }
  let held = !lead.isTest;
  const giveBack = async () => {
    if (held) {
      held = false;
      await releaseSlot(db, slot);
    }
  };
  try {
    if (w.hooks.claim && !(await w.hooks.claim(c.product.id))) {
      await giveBack();
      w.steps.push({
        product: { uuid: c.product.id, name: c.product.name },
        priority: c.link.priority,
        result: 'skipped',
        detail: 'Another distribution sent this lead to this buyer',
        attempt: null,
      });
      return null;
    }
    return await send(w, c, giveBack);
  } catch (err) {
    await giveBack().catch(() => {});
    throw err;
  }
};

/** The call to the buyer, holding the product's cap slot, and what its answer means for the walk. */
const send = async (w: Walk, c: Candidate, giveBack: () => Promise<void>): Promise<Routed | null> => {
  const { db } = w.deps;
  const { lead, password, turn } = w;
  const ctx = c.context();
  const marked = w.marked?.productId === c.product.id ? w.marked : null;
  w.marked = null;
  const id = marked?.attemptId ?? randomUUID();
  // Before the call: should this process stop during it, the lead can still be settled by asking this buyer.
  if (!marked) await markSending(db, lead.id, id, c.product.id);
  // No turn while the buyer answers: a slow buyer must not keep other leads from the database.
  turn.release();
  const out = await pushLead(ctx, varsOf(lead, password, id), w.hooks.calling);
  await turn.acquire();
  const a: AttemptRecord = {
    id,
    leadId: lead.id,
    position: w.position++,
    result: out.result,
    exchange: maskPassword(out, password),
    externalId: out.external_id,
    autologinUrl: out.autologin_url,
    message: out.message,
  };
  if (out.result === 'accepted') {
    addStep(w, c, a);
    return {
      lead: await acceptLead(db, lead, c, a, { externalId: a.externalId, autologinUrl: a.autologinUrl }),
      steps: w.steps,
      summary: 'Accepted',
    };
  }
  if (out.result === 'timeout') {
    const settled = await settleTimeout(w, c, ctx, a, out.message);
    if (settled) return settled;
  }
  await recordAttempt(db, c, a);
  addStep(w, c, a);
  await giveBack();
  // A timeout the buyer surely does not have goes on like an error would.
  const passOn = out.result === 'timeout' || ctx.template.answer.next_on.includes(out.result as 'rejected');
  if (passOn) return null;
  const detail = `${c.product.name} answered ${out.result} and its template stops there: ${a.message}`;
  return { lead: await failLead(db, lead, detail), steps: w.steps, summary: summarize(w.steps) };
};

/**
 * A timed-out send: the buyer is asked at once. Found → accepted; cannot tell → the lead stays unknown (the walk ends
 * there too); surely missing → null, the attempt's message says so and the walk goes on.
 */
const settleTimeout = async (
  w: Walk,
  c: Candidate,
  ctx: ProductContext,
  a: AttemptRecord,
  message: string,
): Promise<Routed | null> => {
  const { db } = w.deps;
  w.turn.release();
  const look = await lookupLead(ctx, a.id);
  await w.turn.acquire();
  if (look.found === true) {
    a.message = `${message}; the lookup found the lead`;
    addStep(w, c, a);
    return {
      lead: await acceptLead(db, w.lead, c, a, { externalId: look.external_id, autologinUrl: look.autologin_url }),
      steps: w.steps,
      summary: 'Accepted after a lookup',
    };
  }
  if (look.found === null) {
    a.message = `${message}; the lookup cannot tell (${look.message}), so no other buyer gets the lead`;
    await recordAttempt(db, c, a);
    addStep(w, c, a);
    return {
      lead: await leaveUnknown(db, w.lead, a.message),
      steps: w.steps,
      summary: 'A buyer timed out; its status is being checked',
    };
  }
  a.message = `${message}; the lookup says the buyer does not have it`;
  return null;
};
