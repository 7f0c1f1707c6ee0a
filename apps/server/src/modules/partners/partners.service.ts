import { eq, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { SIGN_IN_STATUSES, type UserStatus } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { writeAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import {
  assertIdentityFree,
  fallbackManager,
  findPartnerInScope,
  pickManager,
  rethrowUnique,
} from '../../lib/people.ts';
import { revokeUserSessions } from '../auth/index.ts';
import { mailIfApproved } from '../mail/index.ts';
import { generalSettings } from '../settings/index.ts';
import { findPerson, selectPeople, type PeopleKind, type PeopleQuery } from './partners.repository.ts';

/** GET …/list: registration dates are cut in the partner time zone of the general settings. */
export const listPeople = async <Q extends PeopleQuery, S extends PgSelect, T>(
  { db }: AppDeps,
  kind: PeopleKind<Q, S, T>,
  auth: AuthContext,
  q: Q,
) => {
  const { time_zone } = await generalSettings.get(db);
  return selectPeople(db, kind, auth, q, time_zone);
};

/** GET …/:uuid: out of the caller's scope answers exactly like absent (404). */
export const getPerson = async <Q extends PeopleQuery, S extends PgSelect, T>(
  { db }: AppDeps,
  kind: PeopleKind<Q, S, T>,
  auth: AuthContext,
  id: string,
) => {
  const found = await findPerson(db, kind, id, auth);
  if (!found) throw notFound(kind.label);
  return found;
};

/**
 * The one lock-out rule for every account staff manage (docs/decisions/040-lock-out-ends-sessions.md): a status that
 * may not sign in (banned, deleted, on moderation) ends every session of the account at once, so restoring it later
 * never brings an old session back. API keys need no revoking: they work only while the status may sign in.
 */
export const locksOut = (status: string) => !SIGN_IN_STATUSES.includes(status as UserStatus);

/**
 * After a staff edit or status change: a new password or a lock-out status ends the account's sessions. Revoked even
 * when the status was already locked out, so a stray session never outlives it. Answers whether it revoked.
 */
export const endSessionsIfLockedOut = async (db: Db, id: string, status: string, passwordChanged = false) => {
  if (!passwordChanged && !locksOut(status)) return false;
  await revokeUserSessions(db, id);
  return true;
};

/** Every change of an account's status is audited with who, from and to (and the reason, when one is given). */
export const auditStatusChange = async (
  db: Db,
  auth: AuthContext,
  id: string,
  ip: string,
  change: { from: string; to: string; reason?: string },
) => {
  if (change.from === change.to) return;
  await writeAudit(db, {
    action: 'status_change',
    actorId: auth.user.id,
    subjectId: id,
    ip,
    details: { from: change.from, to: change.to, ...(change.reason && { reason: change.reason }) },
  });
};

/** Creates an account staff manage and audits who did it; a duplicate email or username is a field error. */
export const insertPerson = async (
  db: Db,
  auth: AuthContext,
  ip: string,
  values: typeof users.$inferInsert,
  details: Record<string, unknown>,
) => {
  const [row] = await db.insert(users).values(values).returning({ id: users.id }).catch(rethrowUnique);
  await writeAudit(db, { action: 'user_create', actorId: auth.user.id, subjectId: row.id, ip, details });
  return row.id;
};

type PartnerRole = 'affiliate' | 'advertiser';
const LABEL = { affiliate: 'Affiliate', advertiser: 'Advertiser' } as const;

/**
 * What every partner edit checks first (docs/product/roles-and-scoping.md): out of scope is 404; a status left out
 * is kept, so a form never re-activates a banned partner by omission; the email (and username) must be free; the
 * manager follows the assignment rules and stays when the form leaves it out.
 */
export const beginPartnerEdit = async <S extends string>(
  db: Db,
  auth: AuthContext,
  role: PartnerRole,
  id: string,
  body: { email: string; username?: string | null; status?: S; manager_uuid?: string | null },
) => {
  const current = await findPartnerInScope(db, auth, id, role);
  if (!current) throw notFound(LABEL[role]);
  const status = (body.status ?? current.status) as S;
  await assertIdentityFree(db, body.email, body.username, id);
  const managerId = await pickManager(
    db,
    auth,
    body.manager_uuid,
    () => fallbackManager(db, auth, null),
    current.managerId,
  );
  return { current, status, managerId };
};

type StatusChange = { status: string; reason?: string };

/** POST …/:uuid/status of a partner: out of scope is 404; an unchanged status writes nothing but still locks out. */
export const changePartnerStatus = async (
  deps: AppDeps,
  auth: AuthContext,
  role: PartnerRole,
  id: string,
  body: StatusChange,
  ip: string,
) => {
  const { db } = deps;
  const current = await findPartnerInScope(db, auth, id, role);
  if (!current) throw notFound(LABEL[role]);
  if (current.status !== body.status) {
    await db
      .update(users)
      .set({ status: body.status, updatedAt: sql`now()` })
      .where(eq(users.id, id));
    await auditStatusChange(db, auth, id, ip, { from: current.status, to: body.status, reason: body.reason });
  }
  await endSessionsIfLockedOut(db, id, body.status);
  await mailIfApproved(deps, id, current.status, body.status);
};
