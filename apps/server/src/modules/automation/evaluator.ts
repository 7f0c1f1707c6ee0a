import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { automationRules, automationRuleState } from '../../db/schema.ts';
import { judge, scaleBaseline } from './rule-condition.ts';
import { loadSourceContext, measureRule, ROLLUP_FROM_MINUTES, type Measured } from './rule-metrics.ts';
import { runRuleActions, type Figures, type Subject } from './rule-actions.ts';
import { listEnabledRules, type StoredRule } from './rules.repository.ts';

// Rules evaluated every 10 s by one process at a time (docs/product/automation.md, "Timing and several processes";
// docs/decisions/066-automation-rules.md, "The evaluator").

export const EVALUATE_EVERY_MS = 10_000;
/** Rules over long windows (or a 7-day baseline) move slowly: they are measured at most this often. */
export const SLOW_RULE_EVERY_MS = 30_000;
/** One rule's statements may take this long; a slower one is stopped, logged, and the others go on. */
export const RULE_STATEMENT_TIMEOUT_MS = 20_000;
/** The advisory lock key of the evaluation round ("autorule" in ASCII), shared by every process on the database. */
export const EVALUATOR_LOCK_KEY = 0x6175746f72756c65n;

export type Act = (db: Db, rule: StoredRule, subject: Subject, figures: Figures) => Promise<void>;
export type RoundResult = { ran: boolean; fired: number; failed: number };
/** Tests only: awaited after a rule is measured and before it is judged, so two rounds can be lined up there. */
export type RoundHooks = { measured?: (rule: StoredRule) => Promise<void> };

const isSlow = (r: StoredRule) =>
  r.metric === 'cap_fill' || r.windowMinutes >= ROLLUP_FROM_MINUTES || r.condition.kind === 'change_vs_baseline';
const isDue = (r: StoredRule, now: Date) =>
  !isSlow(r) || !r.lastEvaluatedAt || now.getTime() - r.lastEvaluatedAt.getTime() >= SLOW_RULE_EVERY_MS - 1_000;

/** One rule's subjects measured under its own statement timeout: a slow rule cannot hold up the round. */
const measureGuarded = (db: Db, rule: StoredRule, now: Date, ctx: Awaited<ReturnType<typeof loadSourceContext>>) =>
  db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local statement_timeout = ${RULE_STATEMENT_TIMEOUT_MS}`));
    return measureRule(tx as unknown as Db, rule, now, ctx);
  });

/** The subjects of a rule whose condition holds and whose cooldown is over (a cap in its period fires once). */
const firing = async (db: Db, rule: StoredRule, measured: Measured[], now: Date) => {
  const judged = measured.flatMap((m) => {
    const sums =
      rule.condition.kind === 'change_vs_baseline' && m.sums.cmp
        ? { ...m.sums, cmp: scaleBaseline(rule.metric, m.sums.cmp, rule.windowMinutes) }
        : m.sums;
    const v = judge(rule.metric, rule.windowMinutes, rule.condition, sums);
    return v?.holds ? [{ m, v }] : [];
  });
  if (!judged.length) return [];
  const state = await db
    .select({ key: automationRuleState.subjectKey, at: automationRuleState.lastFiredAt })
    .from(automationRuleState)
    .where(
      and(
        eq(automationRuleState.ruleId, rule.id),
        inArray(
          automationRuleState.subjectKey,
          judged.map((j) => j.m.key),
        ),
      ),
    );
  const last = new Map(state.map((s) => [s.key, s.at.getTime()]));
  const quietUntil = (key: string) => (last.get(key) ?? -Infinity) + rule.cooldownMinutes * 60_000;
  return judged.filter(({ m }) => (m.once ? !last.has(m.key) : quietUntil(m.key) <= now.getTime()));
};

/** Measures one rule, records the firings (the cooldown's state) and has the actions done. */
const evaluateRule = async (
  db: Db,
  act: Act,
  rule: StoredRule,
  ctx: Awaited<ReturnType<typeof loadSourceContext>>,
  hooks: RoundHooks,
) => {
  const now = new Date();
  const measured = await measureGuarded(db, rule, now, ctx);
  await hooks.measured?.(rule);
  const fires = await firing(db, rule, measured, now);
  for (const { m, v } of fires) {
    await db
      .insert(automationRuleState)
      .values({ ruleId: rule.id, subjectKey: m.key, lastFiredAt: now, lastValue: v.value })
      .onConflictDoUpdate({
        target: [automationRuleState.ruleId, automationRuleState.subjectKey],
        set: { lastFiredAt: now, lastValue: v.value },
      });
    const figures: Figures = {
      metric: rule.metric,
      window_minutes: rule.windowMinutes,
      value: v.value,
      compared_to: v.comparedTo,
      condition: v.words,
    };
    await act(db, rule, m.subject, figures);
  }
  await db
    .update(automationRules)
    .set({ lastEvaluatedAt: now, ...(fires.length && { lastFiredAt: now }) })
    .where(eq(automationRules.id, rule.id));
  return fires.length;
};

/**
 * One round: the advisory lock of a transaction on a client of its own (another process holding it means this one
 * skips the round), the enabled rules read afresh, each due rule measured and judged. A rule that fails is logged and
 * the round goes on. Committing releases the lock, after every firing of the round is stored.
 */
export const evaluateRound = async (
  db: Db,
  act: Act,
  log: FastifyBaseLogger,
  hooks: RoundHooks = {},
): Promise<RoundResult> => {
  const client = await db.$client.connect();
  let broken: unknown;
  try {
    await client.query('begin');
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_xact_lock($1) as locked', [
      EVALUATOR_LOCK_KEY.toString(),
    ]);
    if (!rows[0].locked) return { ran: false, fired: 0, failed: 0 };
    const rules = (await listEnabledRules(db)).filter((r) => isDue(r, new Date()));
    const ctx = await loadSourceContext(db);
    let fired = 0;
    let failed = 0;
    for (const rule of rules) {
      try {
        fired += await evaluateRule(db, act, rule, ctx, hooks);
      } catch (err) {
        failed += 1;
        log.warn({ err, rule: rule.id }, 'automation: evaluating a rule failed');
      }
    }
    return { ran: true, fired, failed };
  } catch (err) {
    broken = err;
    throw err;
  } finally {
    await client.query('commit').catch(() => {});
    client.release(broken instanceof Error ? broken : undefined);
  }
};

export type Evaluator = { stop: () => Promise<void> };

/**
 * A round every `everyMs` once started, never two at once in this process; stop() waits for the round in flight, so
 * closing the app does not hang on it nor close the pool under it.
 */
export const startEvaluator = (db: Db, act: Act, log: FastifyBaseLogger, everyMs = EVALUATE_EVERY_MS): Evaluator => {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<unknown> = Promise.resolve();
  const tick = () => {
    if (stopped) return;
    inFlight = evaluateRound(db, act, log)
      .catch((err: unknown) => log.warn({ err }, 'automation: evaluation round failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, everyMs).unref();
      });
  };
  tick();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await inFlight;
    },
  };
};

/**
 * The evaluator of a serving app: started once the server listens (lib/background.ts) on the panel pool, so rule
 * rounds never take a connection of the click path; the returned stop waits for the round in flight.
 */
export const startRuleEvaluation = (app: FastifyInstance, db: Db, act: Act = runRuleActions) => {
  let evaluator: Evaluator | null = null;
  let stopped = false;
  app.background.add('automation rules', [
    async () => {
      if (!stopped) evaluator = startEvaluator(db, act, app.log);
    },
  ]);
  return async () => {
    stopped = true;
    await evaluator?.stop();
  };
};
