import { randomUUID } from 'node:crypto';
import type { RuleAction, RuleScope } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../lib/audit.ts';
import { queueNotify, tellPausedAffiliate, type NotifyRule } from './action-notify.ts';
import {
  completeActionRow,
  insertActionRow,
  namesOf,
  wordsOf,
  type Figures,
  type NewActionRow,
  type Subject,
} from './actions.repository.ts';
import { holdAction, pauseAction, removeProductAction, setCapAction, type Effect } from './action-effects.ts';

export type { Figures, Subject } from './actions.repository.ts';
const NOTHING_TO_DO = new Error('already in force');

export type ActingRule = NotifyRule & { scope: RuleScope; actions: RuleAction[] };

/** The scope's ids filled in where the subject leaves them out (a rule on one offer names it in its scope). */
const resolve = (scope: RuleScope, s: Subject): Subject => ({
  ...s,
  offerId: s.offerId ?? scope.offer_uuid ?? undefined,
  affiliateId: s.affiliateId ?? scope.affiliate_uuid ?? undefined,
  productId: s.productId ?? scope.product_uuid ?? undefined,
  subKey: s.subKey ?? scope.sub_key ?? undefined,
  subValue: s.subValue ?? scope.sub_value ?? undefined,
});

/** What an action would do, in words, for the backtest ("pause offer 3 "Casino" × affiliate Anna Berg"). */
export const describeAction = (action: RuleAction, subjectWords: string): string => {
  switch (action.type) {
    case 'notify':
      return `alert ${action.channel_uuids.length} channel(s)${action.notify_owners ? ' and the owners' : ''} about ${subjectWords}`;
    case 'pause_affiliate':
      return `pause the affiliate on the offer: ${subjectWords}`;
    case 'remove_product':
      return `take ${subjectWords} out of the waterfall`;
    case 'set_cap':
      return `set the cap to ${action.limit} (${subjectWords})`;
    case 'hold_conversions':
      return `hold new conversions of ${subjectWords}`;
  }
};

const effectOf = (action: RuleAction): Effect | null => {
  switch (action.type) {
    case 'pause_affiliate':
      return pauseAction;
    case 'remove_product':
      return removeProductAction;
    case 'set_cap':
      return setCapAction(action.cap_uuid, action.limit);
    case 'hold_conversions':
      return holdAction;
    case 'notify':
      return null;
  }
};

/**
 * A rule fired for one subject: each action in its own transaction, with one log row of the figures, the state before
 * and after and a summary (docs/product/automation.md, "Actions and undo"). A state-changing action already in force
 * writes nothing; a failing one is logged as failed and the others still run.
 */
export const runRuleActions = async (db: Db, rule: ActingRule, subject: Subject, figures: Figures): Promise<void> => {
  const s = resolve(rule.scope, subject);
  const names = await namesOf(db, [s]);
  const words = wordsOf(s, names);
  for (const action of rule.actions) {
    const id = randomUUID();
    const base: NewActionRow = { id, ruleId: rule.id, type: action.type, subject: s, figures, summary: '' };
    try {
      await inTransaction(db, async (tx) => {
        if (action.type === 'notify') {
          const summary = await queueNotify(tx, id, rule, action, s, words, figures);
          await insertActionRow(tx, { ...base, summary });
          return;
        }
        // The log row goes first: a block refers to the action that made it.
        await insertActionRow(tx, { ...base, summary: describeAction(action, words) });
        const done = await effectOf(action)!(tx, id, s, names);
        // Already in force: the row goes again with the transaction, and nothing is told.
        if (!done) throw NOTHING_TO_DO;
        await completeActionRow(tx, id, done);
        if (action.type === 'pause_affiliate' && s.offerId)
          await tellPausedAffiliate(tx, s.affiliateId!, names.offers.get(s.offerId) ?? 'An offer', id);
      });
    } catch (err) {
      if (err === NOTHING_TO_DO) continue;
      await insertActionRow(db, {
        ...base,
        status: 'failed',
        error: err instanceof Error ? err.message.slice(0, 1000) : String(err),
        summary: `Could not ${describeAction(action, words)}`,
      });
    }
  }
};
