import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import type { AuthContext } from './auth-context.ts';

/**
 * Which partners (affiliates, advertisers) the caller may see (docs/product/roles-and-scoping.md): admin and head all;
 * a team lead those of their team's managers and their own; a manager their own. Null = no limit.
 */
export const partnerScope = (auth: AuthContext): SQL | null => {
  const me = auth.user;
  if (me.role === 'admin' || me.role === 'head') return null;
  if (me.role === 'team_lead') {
    return or(
      eq(users.managerId, me.id),
      inArray(users.managerId, sql`(select id from users where team_lead_id = ${me.id})`),
    )!;
  }
  if (me.role === 'manager') return eq(users.managerId, me.id);
  return sql`false`;
};

/** Affiliates the caller may see, as a subquery of ids (null: everyone). */
export const affiliatesInScope = (db: Db, auth: AuthContext): SQL | null => {
  const scope = partnerScope(auth);
  return scope
    ? sql`${db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'affiliate'), scope))}`
    : null;
};

/** Which staff the caller may see in the managers tab: a team lead their team and themselves. */
export const staffScope = (auth: AuthContext): SQL | null => {
  const me = auth.user;
  if (me.role === 'admin' || me.role === 'head') return null;
  if (me.role === 'team_lead') return or(eq(users.teamLeadId, me.id), eq(users.id, me.id))!;
  return eq(users.id, me.id);
};

/** Managers the caller may assign a partner to. */
export const assignableManagerScope = (auth: AuthContext): SQL | null => {
  const me = auth.user;
  if (me.role === 'admin' || me.role === 'head') return null;
  if (me.role === 'team_lead') return or(eq(users.teamLeadId, me.id), eq(users.id, me.id))!;
  return eq(users.id, me.id);
};
