import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { advertiserCreateSchema, advertiserStatusChangeSchema, advertiserUpdateSchema } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/tokens.ts';
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
import { findAdvertiserById } from './advertisers.repository.ts';
import { issuePostbackToken } from './postback-token.ts';
import { mailIfApproved } from '../mail/index.ts';

type CreateBody = z.output<typeof advertiserCreateSchema>;
type UpdateBody = z.output<typeof advertiserUpdateSchema>;
type StatusBody = z.output<typeof advertiserStatusChangeSchema>;
type Meta = { ip: string };

const readBack = async (db: Db, id: string) => (await findAdvertiserById(db, id))!;

const profileValues = (body: CreateBody | UpdateBody) => ({
  email: body.email,
  company: body.company,
  firstName: body.first_name ?? '',
  lastName: body.last_name ?? '',
  contacts: cleanContacts(body.contacts),
  notes: body.notes ?? '',
});

export const createAdvertiser = async ({ db }: AppDeps, auth: AuthContext, body: CreateBody, { ip }: Meta) => {
  await assertIdentityFree(db, body.email, null);
  // Affiliate defaults name a manager for affiliates only; an advertiser without one goes to the caller.
  const managerId = await pickManager(db, auth, body.manager_uuid, () => fallbackManager(db, auth, null));
  const issued = issuePostbackToken();
  const id = await insertPerson(
    db,
    auth,
    ip,
    {
      ...profileValues(body),
      role: 'advertiser',
      status: body.status,
      passwordHash: await hashPassword(body.password),
      managerId,
      ...issued.columns,
    },
    { role: 'advertiser', status: body.status },
  );
  // The one answer besides a rotation that carries the token: only its hash is kept.
  return { ...(await readBack(db, id)), postback_token: issued.token };
};

export const updateAdvertiser = async (
  deps: AppDeps,
  auth: AuthContext,
  id: string,
  body: UpdateBody,
  { ip }: Meta,
) => {
  const { db } = deps;
  const { current, status, managerId } = await beginPartnerEdit(db, auth, 'advertiser', id, body);
  await db
    .update(users)
    .set({
      ...profileValues(body),
      status: status,
      managerId,
      updatedAt: sql`now()`,
      ...(body.password && { passwordHash: await hashPassword(body.password) }),
    })
    .where(eq(users.id, id))
    .catch(rethrowUnique);
  await endSessionsIfLockedOut(db, id, status, Boolean(body.password));
  await writeAudit(db, {
    action: 'user_update',
    actorId: auth.user.id,
    subjectId: id,
    ip,
    details: { role: 'advertiser', password_changed: Boolean(body.password) },
  });
  await auditStatusChange(db, auth, id, ip, { from: current.status, to: status });
  await mailIfApproved(deps, id, current.status, status);
  return readBack(db, id);
};

export const changeAdvertiserStatus = async (
  deps: AppDeps,
  auth: AuthContext,
  id: string,
  body: StatusBody,
  { ip }: Meta,
) => {
  await changePartnerStatus(deps, auth, 'advertiser', id, body, ip);
  return readBack(deps.db, id);
};

/** A leaked or lost token is fixed by a new one; the old one stops matching inbound postbacks at once. */
export const rotatePostbackToken = async ({ db }: AppDeps, auth: AuthContext, id: string, { ip }: Meta) => {
  const current = await findPartnerInScope(db, auth, id, 'advertiser');
  if (!current || current.status === 'deleted') throw notFound('Advertiser');
  const issued = issuePostbackToken();
  await inTransaction(db, async (tx) => {
    await tx
      .update(users)
      .set({ ...issued.columns, updatedAt: sql`now()` })
      .where(eq(users.id, id));
    await writeAudit(tx, {
      action: 'postback_token_rotate',
      actorId: auth.user.id,
      subjectId: id,
      ip,
      details: { hint: issued.columns.postbackTokenHint },
    });
  });
  return { postback_token: issued.token, postback_token_hint: issued.columns.postbackTokenHint };
};
