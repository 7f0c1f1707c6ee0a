import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ruleInputSchema } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { coldRules } from '../../db/schema.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { inTransaction } from '../../lib/audit.ts';
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

export const createRule = async (db: Db, auth: AuthContext, body: RuleInput) => {
  const [row] = await db
    .insert(coldRules)
    .values({ ...valuesOf(body), createdBy: auth.user.id })
    .returning({ id: coldRules.id });
  return getRule(db, row.id);
};

/** Running distributions read their rule at every send, so an edit applies from their next one. */
export const updateRule = async (db: Db, id: string, body: RuleInput) => {
  const [row] = await db
    .update(coldRules)
    .set({ ...valuesOf(body), updatedAt: sql`now()` })
    .where(eq(coldRules.id, id))
    .returning({ id: coldRules.id });
  if (!row) throw notFound(RULE);
  return getRule(db, id);
};

export const removeRule = async (db: Db, id: string) => {
  await inTransaction(db, async (tx) => {
    const [row] = await tx.select({ id: coldRules.id }).from(coldRules).where(eq(coldRules.id, id)).for('update');
    if (!row) throw notFound(RULE);
    await dropDeletedDistributions(tx, 'rule', id);
    await tx.delete(coldRules).where(eq(coldRules.id, id));
  });
  return { deleted: true as const };
};
