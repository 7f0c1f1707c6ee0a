import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { writeAudit } from '../../lib/audit.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { toSessionData } from './auth.service.ts';
import { createSession } from './session.service.ts';
import type { AuthContext } from '../../lib/auth-context.ts';

const manager = alias(users, 'manager');

/** Who may impersonate whom (docs/product/roles-and-scoping.md): admin and head any affiliate; a team lead their team's; a manager their own. Others get 404, not a hint. */
export const impersonate = async (
  db: Db,
  auth: AuthContext,
  affiliateId: string,
  meta: { ip: string; userAgent: string },
) => {
  if (auth.impersonatorId)
    throw badRequest('uuid', 'Return to your own account before signing in as another affiliate');
  const [row] = await db
    .select({ target: users, managerTeamLead: manager.teamLeadId })
    .from(users)
    .leftJoin(manager, eq(manager.id, users.managerId))
    .where(eq(users.id, affiliateId))
    .limit(1);
  const target = row?.target;
  const actor = auth.user;
  const inScope =
    actor.role === 'admin' ||
    actor.role === 'head' ||
    (actor.role === 'manager' && target?.managerId === actor.id) ||
    (actor.role === 'team_lead' && (target?.managerId === actor.id || row?.managerTeamLead === actor.id));
  if (!target || target.role !== 'affiliate' || target.status === 'deleted' || !inScope) throw notFound('Affiliate');
  if (target.status === 'banned' || target.status === 'on_moderation') {
    throw badRequest(
      'uuid',
      `This affiliate is ${target.status === 'banned' ? 'banned' : 'waiting for moderation'} and cannot be signed in as`,
    );
  }
  const token = await createSession(db, target.id, { ...meta, impersonatorId: actor.id });
  await writeAudit(db, {
    action: 'impersonation',
    actorId: actor.id,
    subjectId: target.id,
    ip: meta.ip,
    details: { affiliate_email: target.email },
  });
  return toSessionData(token, target);
};
