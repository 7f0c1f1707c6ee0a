import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { assignableManagerScope } from './scope.ts';
import type { AuthContext } from './auth-context.ts';

/** An active manager, team lead or head the caller may assign partners to, or null. */
export const findAssignableManager = async (db: Db, auth: AuthContext, id: string) => {
  const scope = assignableManagerScope(auth);
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, id),
        eq(users.status, 'active'),
        inArray(users.role, ['manager', 'team_lead', 'head']),
        ...(scope ? [scope] : []),
      ),
    )
    .limit(1);
  return row ?? null;
};
