import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ruleInputSchema } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { coldRules } from '../../db/schema.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { inTransaction } from '../../lib/audit.ts';
import { auditCold, checkOwner } from './cold-owner.ts';
import { notFound } from '../../lib/errors.ts';
import { dropDeletedDistributions } from './cold-in-use.ts';
import { findRule } from './rules.repository.ts';

type RuleInput = z.output<typeof ruleInputSchema>;
const RULE = 'Rule';

/** Countries are stored once each, in the order given. */
const valuesOf = (b: RuleInput) => ({
  name: b.name,
  maxResends: b.max_resends,
  minDaysBetween: b.min_days_between,
  neverSameProduct: b.never_same_product,
  skipFtd: b.skip_ftd,
  geos: [...new Set(b.geos)],
  sendOriginalIp: b.send_original_ip,
  neutralIp: b.neutral_ip,
  regeneratePassword: b.regenerate_password,
  funnel: b.funnel,
});

export const getRule = async (db: Db, id: string) => {
  const found = await findRule(db, id);
  if (!found) throw notFound(RULE);
  return found;
};

export const createRule = async (db: Db, auth: AuthContext, body: RuleInput, ip: string) => {
  const id = await inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(coldRules)
      .values({ ...valuesOf(body), createdBy: auth.user.id })
      .returning({ id: coldRules.id });
    await auditCold(tx, auth, ip, 'rule', row.id, 'create', { to: body });
    return row.id;
  });
  return getRule(db, id);
};

/** The rule row locked for the change, or a 404. */
const lockRule = async (tx: Db, id: string) => {
  const [row] = await tx.select().from(coldRules).where(eq(coldRules.id, id)).for('update');
  if (!row) throw notFound(RULE);
  return row;
};

/**
 * Running distributions read their rule at every send, so an edit applies from their next one; the audit row keeps
 * the limits before and after, so a change under a running distribution can be traced.
 */
export const updateRule = async (db: Db, auth: AuthContext, id: string, body: RuleInput, ip: string) => {
  await inTransaction(db, async (tx) => {
    const before = await lockRule(tx, id);
    await checkOwner(tx, auth, 'rule', before.createdBy);
    await tx
      .update(coldRules)
      .set({ ...valuesOf(body), updatedAt: sql`now()` })
      .where(eq(coldRules.id, id));
    await auditCold(tx, auth, ip, 'rule', id, 'update', {
      from: { name: before.name, max_resends: before.maxResends, min_days_between: before.minDaysBetween },
      to: body,
    });
  });
  return getRule(db, id);
};

export const removeRule = async (db: Db, auth: AuthContext, id: string, ip: string) => {
  await inTransaction(db, async (tx) => {
    const before = await lockRule(tx, id);
    await checkOwner(tx, auth, 'rule', before.createdBy);
    await dropDeletedDistributions(tx, 'rule', id);
    await tx.delete(coldRules).where(eq(coldRules.id, id));
    await auditCold(tx, auth, ip, 'rule', id, 'delete', { name: before.name });
  });
  return { deleted: true as const };
};
