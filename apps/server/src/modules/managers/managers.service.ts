import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { managerCreateSchema, managerUpdateSchema } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { writeAudit } from '../../lib/audit.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { staffScope } from '../../lib/scope.ts';
import { hashPassword } from '../../lib/tokens.ts';
import { auditStatusChange, endSessionsIfLockedOut, insertPerson } from '../partners/index.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { findManagerById, isManagedStaff } from './managers.repository.ts';
import { assertIdentityFree, cleanContacts, isAdminLike, rethrowUnique } from '../../lib/people.ts';

type CreateBody = z.output<typeof managerCreateSchema>;
type UpdateBody = z.output<typeof managerUpdateSchema>;
type Meta = { ip: string };
type Current = { id: string; role: string; status: string; teamLeadId: string | null };

/**
 * Who may give which role: only admin and head make heads; a team lead manages plain managers of their own team
 * (and edits their own card without changing their role). Refusals are 403, since the record itself is visible.
 */
const assertMayAssignRole = (auth: AuthContext, role: CreateBody['role'], current?: Current) => {
  if (isAdminLike(auth)) return;
  if (role === 'head' || current?.role === 'head') throw forbidden();
  if (auth.user.role !== 'team_lead') throw forbidden();
  const editingSelf = current?.id === auth.user.id;
  if (editingSelf ? role !== 'team_lead' : role !== 'manager') throw forbidden();
};

/** Only managers sit in a team; a team lead's new managers always join the team lead's own team. */
const pickTeamLead = async (
  db: Db,
  auth: AuthContext,
  role: CreateBody['role'],
  requested: string | null | undefined,
  current?: Current,
) => {
  if (role !== 'manager') {
    if (requested) throw badRequest('team_lead_uuid', 'Only managers belong to a team lead');
    return null;
  }
  if (auth.user.role === 'team_lead') return auth.user.id;
  if (!requested) return null;
  if (requested === current?.teamLeadId) return requested;
  const [lead] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, requested), eq(users.role, 'team_lead'), eq(users.status, 'active')))
    .limit(1);
  if (!lead) throw badRequest('team_lead_uuid', 'Choose an active team lead');
  return lead.id;
};

const profileValues = (body: CreateBody | UpdateBody) => ({
  email: body.email,
  firstName: body.first_name,
  lastName: body.last_name ?? '',
  role: body.role,
  managerType: body.type,
  status: body.status,
  contacts: cleanContacts(body.contacts),
  notes: body.notes ?? '',
});

export const createManager = async ({ db }: AppDeps, auth: AuthContext, body: CreateBody, { ip }: Meta) => {
  assertMayAssignRole(auth, body.role);
  await assertIdentityFree(db, body.email, null);
  const teamLeadId = await pickTeamLead(db, auth, body.role, body.team_lead_uuid);
  const id = await insertPerson(
    db,
    auth,
    ip,
    { ...profileValues(body), teamLeadId, passwordHash: await hashPassword(body.password) },
    { role: body.role, type: body.type },
  );
  return (await findManagerById(db, id))!;
};

export const updateManager = async ({ db }: AppDeps, auth: AuthContext, id: string, body: UpdateBody, { ip }: Meta) => {
  const [current] = await db
    .select({ id: users.id, role: users.role, status: users.status, teamLeadId: users.teamLeadId })
    .from(users)
    .where(and(eq(users.id, id), isManagedStaff, staffScope(auth) ?? undefined))
    .limit(1);
  if (!current) throw notFound('Manager');
  // An edit that leaves status out keeps it, so a deleted manager is never revived by omission.
  const status = (body.status ?? current.status) as NonNullable<UpdateBody['status']>;
  assertMayAssignRole(auth, body.role, current);
  if (id === auth.user.id && status === 'deleted') throw badRequest('status', 'You cannot delete your own account');
  // Own password changes go through Settings, which asks for the current password and counts wrong ones.
  if (id === auth.user.id && body.password)
    throw badRequest('password', 'Change your own password in your personal settings');
  await assertIdentityFree(db, body.email, null, id);
  const teamLeadId = await pickTeamLead(db, auth, body.role, body.team_lead_uuid, current);
  await db
    .transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          ...profileValues(body),
          status,
          teamLeadId,
          updatedAt: sql`now()`,
          ...(body.password && { passwordHash: await hashPassword(body.password) }),
        })
        .where(eq(users.id, id));
      // A team lead who stops leading (new role or deleted) releases the team, so no manager points at a non-lead.
      if (current.role === 'team_lead' && (body.role !== 'team_lead' || status === 'deleted')) {
        await tx
          .update(users)
          .set({ teamLeadId: null, updatedAt: sql`now()` })
          .where(eq(users.teamLeadId, id));
      }
    })
    .catch(rethrowUnique);
  await endSessionsIfLockedOut(db, id, status, Boolean(body.password));
  await writeAudit(db, {
    action: 'user_update',
    actorId: auth.user.id,
    subjectId: id,
    ip,
    details: {
      role: body.role,
      password_changed: Boolean(body.password),
      ...(current.role !== body.role && { role_from: current.role }),
    },
  });
  await auditStatusChange(db, auth, id, ip, { from: current.status, to: status });
  return (await findManagerById(db, id))!;
};
