import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { affiliateCreateSchema, affiliateUpdateSchema, PaymentMethod, statusChangeSchema } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { apiKeys, users } from '../../db/schema.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import { mailPaymentChange, paymentChanges } from '../../lib/payment-changes.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/tokens.ts';
import { revokeImpersonations } from '../auth/index.ts';
import {
  auditStatusChange,
  beginPartnerEdit,
  changePartnerStatus,
  endSessionsIfLockedOut,
  insertPerson,
} from '../partners/index.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import {
  assertIdentityFree,
  cleanContacts,
  fallbackManager,
  findPartnerInScope,
  pickManager,
  rethrowUnique,
} from '../../lib/people.ts';
import { affiliateDefaults } from '../settings/index.ts';
import { findAffiliateById } from './affiliates.repository.ts';
import { mailIfApproved } from '../mail/index.ts';

type CreateBody = z.output<typeof affiliateCreateSchema>;
type UpdateBody = z.output<typeof affiliateUpdateSchema>;
type StatusBody = z.output<typeof statusChangeSchema>;
type Meta = { ip: string };

const readBack = async (db: Db, id: string) => (await findAffiliateById(db, id))!;

/** A referral parent must be an affiliate the caller can see; keeping the stored one needs no check. */
const pickReferrer = async (
  db: Db,
  auth: AuthContext,
  requested: string | null | undefined,
  selfId?: string,
  current?: string | null,
) => {
  if (requested === undefined) return current ?? null;
  if (requested === null || requested === current) return requested;
  if (requested === selfId) throw badRequest('referrer_uuid', 'An affiliate cannot refer themselves');
  const parent = await findPartnerInScope(db, auth, requested, 'affiliate');
  if (!parent || parent.status === 'deleted') throw badRequest('referrer_uuid', 'Choose an existing affiliate');
  return parent.id;
};

/** Highest priority (lowest number) first, so billing can take the first one. */
const sortedMethods = (list: PaymentMethod[]) => [...list].sort((a, b) => a.priority - b.priority);

const profileValues = (body: CreateBody | UpdateBody) => ({
  email: body.email,
  username: body.username ?? null,
  firstName: body.first_name,
  lastName: body.last_name ?? '',
  contacts: cleanContacts(body.contacts),
  geos: [...new Set(body.geos)],
  tags: [...new Set(body.tags)],
  notes: body.notes ?? '',
  website: body.website ?? '',
  heardFrom: body.heard_from ?? '',
  paymentMethods: sortedMethods(body.payment_methods),
});

export const createAffiliate = async ({ db }: AppDeps, auth: AuthContext, body: CreateBody, { ip }: Meta) => {
  const defaults = await affiliateDefaults.get(db);
  await assertIdentityFree(db, body.email, body.username);
  const managerId = await pickManager(db, auth, body.manager_uuid, () =>
    fallbackManager(db, auth, defaults.default_manager_uuid),
  );
  const referrerId = await pickReferrer(db, auth, body.referrer_uuid);
  const minPayout = body.min_payout ?? defaults.min_payout;
  const id = await insertPerson(
    db,
    auth,
    ip,
    {
      ...profileValues(body),
      role: 'affiliate',
      status: body.status,
      passwordHash: await hashPassword(body.password),
      managerId,
      referrerId,
      holdDays: defaults.hold_days,
      minPayoutAmount: minPayout.amount,
      minPayoutCurrency: minPayout.currency,
    },
    { role: 'affiliate', status: body.status },
  );
  return readBack(db, id);
};

export const updateAffiliate = async (deps: AppDeps, auth: AuthContext, id: string, body: UpdateBody, { ip }: Meta) => {
  const { db } = deps;
  const { current, status, managerId } = await beginPartnerEdit(db, auth, 'affiliate', id, body);
  const referrerId = await pickReferrer(db, auth, body.referrer_uuid, id, current.referrerId);
  const passwordHash = body.password && (await hashPassword(body.password));
  const { methodsBefore, methodsAfter } = await inTransaction(db, async (tx) => {
    const [before] = await tx
      .select({ methods: users.paymentMethods, amount: users.minPayoutAmount, currency: users.minPayoutCurrency })
      .from(users)
      .where(eq(users.id, id))
      .for('update');
    const values = profileValues(body);
    await tx
      .update(users)
      .set({
        ...values,
        status: status,
        managerId,
        referrerId,
        updatedAt: sql`now()`,
        ...(body.min_payout && {
          minPayoutAmount: body.min_payout.amount,
          minPayoutCurrency: body.min_payout.currency,
        }),
        ...(passwordHash && { passwordHash }),
      })
      .where(eq(users.id, id))
      .catch(rethrowUnique);
    await writeAudit(tx, {
      action: 'user_update',
      actorId: auth.user.id,
      subjectId: id,
      ip,
      details: {
        role: 'affiliate',
        password_changed: Boolean(body.password),
        ...(current.email !== body.email && { email: { from: current.email, to: body.email } }),
      },
    });
    const changed = [
      ...paymentChanges(before.methods, values.paymentMethods),
      ...(body.min_payout && (body.min_payout.amount !== before.amount || body.min_payout.currency !== before.currency)
        ? ['min_payout']
        : []),
    ];
    if (changed.length)
      await writeAudit(tx, {
        action: 'payment_details_change',
        actorId: auth.user.id,
        subjectId: id,
        ip,
        details: { changed },
      });
    await auditStatusChange(tx, auth, id, ip, { from: current.status, to: status });
    return { methodsBefore: before.methods, methodsAfter: values.paymentMethods };
  });
  await mailPaymentChange(deps, id, { before: methodsBefore, after: methodsAfter, by: 'staff', ip });
  // Staff who lose the affiliate from their book lose the sessions they opened as it.
  const ended = await endSessionsIfLockedOut(db, id, status, Boolean(body.password));
  if (!ended && managerId !== current.managerId) await revokeImpersonations(db, id);
  await mailIfApproved(deps, id, current.status, status);
  return readBack(db, id);
};

export const changeAffiliateStatus = async (
  deps: AppDeps,
  auth: AuthContext,
  id: string,
  body: StatusBody,
  { ip }: Meta,
) => {
  await changePartnerStatus(deps, auth, 'affiliate', id, body, ip);
  return readBack(deps.db, id);
};

/** The newest live key, decrypted for copying; every reveal is audited because it hands over a credential. */
export const revealApiKey = async ({ db, secrets }: AppDeps, auth: AuthContext, id: string, { ip }: Meta) => {
  const affiliate = await findPartnerInScope(db, auth, id, 'affiliate');
  if (!affiliate) throw notFound('Affiliate');
  const [key] = await db
    .select({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix, keyEnc: apiKeys.keyEnc })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, id), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .limit(1);
  if (!key) throw new AppError(404, { not_found: 'This affiliate has no active API key' });
  const plain = secrets.decrypt(key.keyEnc);
  await writeAudit(db, {
    action: 'api_key_reveal',
    actorId: auth.user.id,
    subjectId: id,
    ip,
    details: { key_prefix: key.prefix, key_name: key.name },
  });
  return { name: key.name, key: plain, prefix: key.prefix };
};
