import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import { insertActionRow, lockActionRow, markUndone, readActionItem, type ActionRow } from './actions.repository.ts';
import {
  conflict,
  liftBlock,
  restoreCapLimit,
  restoreProductRows,
  type CapState,
  type OfferProductRow,
} from './effects.ts';

/** Why an entry cannot be undone, or null when it can. */
const refusalOf = (a: ActionRow) => {
  if (a.type === 'undo') return 'Nothing to undo: this entry is itself an undo';
  if (a.type === 'notify') return 'Nothing to undo: an alert cannot be unsent';
  if (a.status === 'undone') return 'This action was already undone';
  if (a.status === 'failed') return 'Nothing to undo: the action failed and changed nothing';
  return null;
};

/** Puts back what the action changed; the words say what the undo did. */
const putBack = async (tx: Db, a: ActionRow): Promise<string> => {
  const before = a.before as Record<string, unknown>;
  switch (a.type) {
    case 'pause_affiliate':
      await liftBlock(tx, a.id, 'pause');
      return 'The pause was lifted: clicks and leads of the affiliate on the offer go through again';
    case 'hold_conversions':
      await liftBlock(tx, a.id, 'hold');
      return 'New conversions are no longer held; those held meanwhile stay in hold for staff to decide';
    case 'remove_product': {
      const rows = (before.offer_products as OfferProductRow[]) ?? [];
      await restoreProductRows(tx, rows);
      return `The product is back in the waterfall of ${rows.length} offer(s), as it was`;
    }
    case 'set_cap': {
      await restoreCapLimit(tx, before as CapState, a.after as CapState);
      return `The cap's limit is ${(before as CapState).limit} again`;
    }
    default:
      throw conflict('Nothing to undo');
  }
};

/**
 * Undo of one logged action (docs/product/automation.md, "Actions and undo"): under the action row's lock, so two
 * clicks on undo cannot both run; the state goes back, the undo is logged as an entry of its own and audited.
 */
export const undoAction = async (db: Db, auth: AuthContext, uuid: string, meta: { ip: string }) => {
  const undoId = await inTransaction(db, async (tx) => {
    const a = await lockActionRow(tx, uuid);
    if (!a) throw notFound('Action');
    const refused = refusalOf(a);
    if (refused) throw conflict(refused);
    const words = await putBack(tx, a);
    const row = await insertActionRow(tx, {
      ruleId: a.ruleId,
      type: 'undo',
      subject: a.subject,
      figures: a.figures,
      before: a.after,
      after: a.before,
      summary: `Undid "${a.summary}". ${words}`,
      undoes: a.id,
      byUser: auth.user.id,
    });
    await markUndone(tx, a.id);
    await writeAudit(tx, {
      action: 'automation_undo',
      actorId: auth.user.id,
      ip: meta.ip,
      details: { action_uuid: a.id, type: a.type, rule_uuid: a.ruleId, summary: a.summary, undo_uuid: row.id },
    });
    return row.id;
  });
  return readActionItem(db, undoId);
};
