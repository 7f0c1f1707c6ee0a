import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { AppError } from '../../lib/errors.ts';

export type ColdObject = 'list' | 'rule' | 'distribution';

/**
 * Lists, rules and distributions are shared, but only their creator's team (the creator, or the team lead of the
 * manager who made it), an admin or a head may change or delete one (docs/decisions/035-cold-api-ownership-and-contacts.md): a
 * rule edited by another team silently changed the sends of distributions it did not own.
 */
export const checkOwner = async (db: Db, auth: AuthContext, what: ColdObject, createdBy: string | null) => {
  const me = auth.user;
  if (me.role === 'admin' || me.role === 'head' || (createdBy && createdBy === me.id)) return;
  if (createdBy && me.role === 'team_lead') {
    const [creator] = await db.select({ teamLeadId: users.teamLeadId }).from(users).where(eq(users.id, createdBy));
    if (creator?.teamLeadId === me.id) return;
  }
  throw new AppError(403, { [what]: `Only the team that made this ${what}, an admin or a head may change it` });
};

/** Every Cold API write leaves an audit row with its actor, in the transaction of the change. */
export const auditCold = (
  db: Db,
  auth: AuthContext,
  ip: string,
  what: ColdObject,
  id: string,
  change: string,
  details: Record<string, unknown> = {},
) =>
  writeAudit(db, {
    action: 'cold_api_change',
    actorId: auth.user.id,
    ip,
    details: { object: what, uuid: id, change, ...details },
  });
