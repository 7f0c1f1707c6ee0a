import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { dropPendingAdjustments, invoicedConversions } from '../billing/index.ts';
import { alertConversionsRejected } from '../notifications/index.ts';
import { firePostbacks } from '../postbacks/index.ts';
import { conversionKey, rollUpConversions, statusDelta } from './conversion-rollup.ts';
import type { ConversionStatus } from './conversions.service.ts';
import type { Conversion } from './postback-sql.ts';

const CHUNK = 10_000;

/**
 * setConversionStatus for many conversions at once, with the same effects (the invoice rule, history entries, rollup
 * changes, the referral triggers, the affiliates' status postbacks) in a few statements per 10,000 instead of several
 * round trips each (docs/decisions/059-reconciliation-apply.md). The caller holds the conversions' row locks and passes
 * them as read under those locks; fraud marks are left as they are.
 */
export const setConversionStatuses = async (
  tx: Db,
  items: { c: Conversion; to: ConversionStatus }[],
  by: { source: 'reconciliation'; actorId: string; reason: string },
) => {
  const moving = items.filter((i) => i.c.status !== i.to);
  if (!moving.length) return;
  // One conversion twice would write two history rows and count its rollup change twice.
  if (new Set(moving.map((i) => i.c.id)).size !== moving.length)
    throw new Error('setConversionStatuses: a conversion is listed twice');
  const invoiced = await invoicedConversions(
    tx,
    moving.filter((i) => i.c.status === 'approved').map((i) => i.c.id),
  );
  if (invoiced.size)
    throw new AppError(409, {
      status: `${invoiced.size} of these conversions are in a live invoice; decline or delete the invoice to change them`,
    });
  for (let i = 0; i < moving.length; i += CHUNK) {
    const part = moving.slice(i, i + CHUNK);
    const ids = sql.param(part.map((x) => x.c.id));
    const to = sql.param(part.map((x) => x.to));
    // One statement: the referral triggers are statement triggers and see every change together.
    await tx.execute(sql`update conversions c set status = u.status, updated_at = now()
      from unnest(${ids}::uuid[], ${to}::text[]) as u(id, status) where c.id = u.id`);
    await tx.execute(sql`insert into conversion_history (conversion_id, from_status, to_status, source, actor_id, reason)
      select u.id, u.from_status, u.to_status, ${by.source}, ${by.actorId}::uuid, ${by.reason}
      from unnest(${ids}::uuid[], ${sql.param(part.map((x) => x.c.status))}::text[], ${to}::text[])
        as u(id, from_status, to_status)`);
  }
  // Their status now says what they earn: a correction reconciliation queued for them is superseded.
  await dropPendingAdjustments(
    tx,
    moving.map((i) => i.c.id),
  );
  // Test conversions (Test API) are never money: no rollups, no postbacks.
  const counted = moving.filter(({ c }) => c.flow === 'accepted' && !c.isTest);
  await alertConversionsRejected(
    tx,
    counted.filter(({ c, to }) => to === 'rejected' && c.status !== 'rejected').map(({ c }) => c),
  );
  await rollUpConversions(
    tx,
    counted.map(({ c, to }) => ({ key: conversionKey(c), delta: statusDelta(c.status, to, c.payout, c.revenue) })),
  );
  // Only affiliates with a status postback are owed one: read once, then queued as setConversionStatus queues it.
  const affiliates = [...new Set(counted.map(({ c }) => c.affiliateId))];
  const { rows } = await tx.execute<{ id: string }>(sql`select distinct affiliate_id as id from affiliate_postbacks
    where event = 'status_change' and affiliate_id = any(${sql.param(affiliates)}::uuid[])`);
  const owed = new Set(rows.map((r) => r.id));
  for (const { c, to } of counted)
    if (owed.has(c.affiliateId)) await firePostbacks(tx, { ...c, status: to }, 'status_change');
};
