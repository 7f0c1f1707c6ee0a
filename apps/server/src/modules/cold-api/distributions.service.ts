import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ColdOptions, DistributionStatus, distributionInputSchema } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { coldDistributions, coldLeadLists, coldRules, offerProducts, offers } from '../../db/schema.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { nameOf } from '../../lib/people.ts';
import { partnerScope } from '../../lib/scope.ts';
import { inTransaction } from '../../lib/audit.ts';
import { auditCold, checkOwner } from './cold-owner.ts';
import { apiOffers, findDistribution, findRow, listsAndRules, scopedAffiliates } from './distributions.repository.ts';

type Input = z.output<typeof distributionInputSchema>;

/** Every reference of the form must exist, be usable and (for the affiliate) be in the caller's scope. */
const checkInput = async (db: Db, auth: AuthContext, body: Input) => {
  const [offer] = await db
    .select({ id: offers.id, type: offers.type })
    .from(offers)
    .where(and(eq(offers.id, body.offer_uuid), ne(offers.status, 'deleted')));
  if (!offer || offer.type !== 'api') throw badRequest('offer_uuid', 'Choose an API offer');
  if (body.product_uuids.length) {
    const linked = await db
      .select({ id: offerProducts.productId })
      .from(offerProducts)
      .where(and(eq(offerProducts.offerId, offer.id), inArray(offerProducts.productId, body.product_uuids)));
    if (linked.length !== new Set(body.product_uuids).size)
      throw badRequest('product_uuids', 'Choose products of the chosen offer');
  }
  if (!(await scopedAffiliates(db, partnerScope(auth), body.affiliate_uuid)).length)
    throw badRequest('affiliate_uuid', 'Choose an affiliate you manage');
  const [list] = await db
    .select({ id: coldLeadLists.id })
    .from(coldLeadLists)
    .where(eq(coldLeadLists.id, body.list_uuid));
  if (!list) throw badRequest('list_uuid', 'Choose a lead list');
  const [rule] = await db.select({ id: coldRules.id }).from(coldRules).where(eq(coldRules.id, body.rule_uuid));
  if (!rule) throw badRequest('rule_uuid', 'Choose a rule');
};

const valuesOf = (body: Input) => ({
  title: body.title,
  listId: body.list_uuid,
  ruleId: body.rule_uuid,
  affiliateId: body.affiliate_uuid,
  offerId: body.offer_uuid,
  productIds: [...new Set(body.product_uuids)],
  startDate: body.start_date,
  endDate: body.end_date,
  hourFrom: body.hour_from,
  hourTo: body.hour_to,
  timeZone: body.time_zone,
  intervalMin: body.interval_min,
  intervalMax: body.interval_max,
  dailyLimit: body.daily_limit,
  order: body.order,
});

export const readDistribution = async (db: Db, auth: AuthContext, id: string) => {
  const found = await findDistribution(db, id, partnerScope(auth));
  if (!found) throw notFound('Distribution');
  return found;
};

/** It starts active; the caller kicks the runner. */
export const createDistribution = async (db: Db, auth: AuthContext, body: Input, ip: string) => {
  await checkInput(db, auth, body);
  const id = await inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(coldDistributions)
      .values({ ...valuesOf(body), status: 'active', createdBy: auth.user.id })
      .returning({ id: coldDistributions.id });
    await auditCold(tx, auth, ip, 'distribution', row.id, 'create', { to: body });
    return row.id;
  });
  return readDistribution(db, auth, id);
};

/** The next send is planned again from the new pause (next_send_at cleared); the runner reads the row every turn. */
export const updateDistribution = async (db: Db, auth: AuthContext, id: string, body: Input, ip: string) => {
  const row = await findRow(db, id, partnerScope(auth));
  if (!row) throw notFound('Distribution');
  await checkOwner(db, auth, 'distribution', row.createdBy);
  if (row.status === 'done' || row.status === 'deleted')
    throw new AppError(409, { status: `A ${row.status} distribution cannot be edited` });
  await checkInput(db, auth, body);
  await inTransaction(db, async (tx) => {
    await tx
      .update(coldDistributions)
      .set({ ...valuesOf(body), nextSendAt: null, waiting: null, updatedAt: sql`now()` })
      .where(and(eq(coldDistributions.id, id), inArray(coldDistributions.status, ['active', 'paused'])));
    await auditCold(tx, auth, ip, 'distribution', id, 'update', { to: body });
  });
  return readDistribution(db, auth, id);
};

/** active ↔ paused, active|paused → done, done → active (leads added since are sent), any → deleted (final). */
const ALLOWED: Record<DistributionStatus, DistributionStatus[]> = {
  active: ['paused', 'done', 'deleted'],
  paused: ['active', 'done', 'deleted'],
  done: ['active', 'deleted'],
  deleted: [],
};

export const setDistributionStatus = async (
  db: Db,
  auth: AuthContext,
  id: string,
  status: DistributionStatus,
  ip: string,
) => {
  const row = await findRow(db, id, partnerScope(auth));
  if (!row) throw notFound('Distribution');
  await checkOwner(db, auth, 'distribution', row.createdBy);
  const from = row.status as DistributionStatus;
  if (from === status) return readDistribution(db, auth, id);
  if (!ALLOWED[from].includes(status))
    throw new AppError(409, {
      status:
        from === 'deleted' ? 'A deleted distribution stays deleted' : `A ${from} distribution cannot become ${status}`,
    });
  // Conditional on the status read, so two changes at once cannot both pass from the same state.
  await inTransaction(db, async (tx) => {
    const [changed] = await tx
      .update(coldDistributions)
      .set({ status, waiting: null, updatedAt: sql`now()` })
      .where(and(eq(coldDistributions.id, id), eq(coldDistributions.status, from)))
      .returning({ id: coldDistributions.id });
    if (!changed) throw new AppError(409, { status: 'The distribution changed meanwhile; reload it' });
    await auditCold(tx, auth, ip, 'distribution', id, 'status', { from, to: status });
  });
  return readDistribution(db, auth, id);
};

/** What the form picks from; a team lead has no offers section, so this is how they find an API offer. */
export const distributionOptions = async (db: Db, auth: AuthContext): Promise<ColdOptions> => {
  const [offerList, affiliates, { lists, rules }] = await Promise.all([
    apiOffers(db),
    scopedAffiliates(db, partnerScope(auth)),
    listsAndRules(db),
  ]);
  return {
    offers: offerList,
    affiliates: affiliates.map((a) => ({ uuid: a.id, name: nameOf(a.first, a.last, a.email), email: a.email })),
    lists,
    rules,
  };
};
