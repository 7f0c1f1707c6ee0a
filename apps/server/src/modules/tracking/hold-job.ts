import { and, eq, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clicks, conversions } from '../../db/schema.ts';
import { setConversionStatus } from './conversions.service.ts';

const BATCH = 500;

/**
 * Approves pending conversions whose hold days are over (the every-minute job). Each in its own short transaction,
 * re-read under a row lock so a staff change or postback in between wins; the status change fires its postbacks.
 */
export const approveDueConversions = async (db: Db, now = new Date()): Promise<number> => {
  const due = await db
    .select({ id: conversions.id })
    .from(conversions)
    .where(and(eq(conversions.status, 'pending'), lte(conversions.holdUntil, now)))
    .orderBy(conversions.holdUntil)
    .limit(BATCH);
  let approved = 0;
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const [conv] = await t.select().from(conversions).where(eq(conversions.id, id)).for('update');
      if (!conv || conv.status !== 'pending' || !conv.holdUntil || conv.holdUntil > now) return;
      const [click] = conv.clickId ? await t.select().from(clicks).where(eq(clicks.id, conv.clickId)).limit(1) : [];
      await setConversionStatus(t, conv, click ?? null, 'approved', { source: 'hold', reason: 'Hold period over' });
      approved += 1;
    });
  }
  return approved;
};
