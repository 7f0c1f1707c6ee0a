import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { landings, products, users } from '../../db/schema.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { partnerScope } from '../../lib/scope.ts';
import type { AuthContext } from '../../lib/auth-context.ts';

/** Referenced records must exist, not be deleted, and (for partners) be in the caller's scope; errors name the field. */
const missingAt = (ids: string[], found: Set<string>, path: (i: number) => string, message: string) => {
  const errors: Record<string, string> = {};
  ids.forEach((id, i) => {
    if (!found.has(id)) errors[path(i)] = message;
  });
  if (Object.keys(errors).length) throw new AppError(400, errors);
};

export const assertAffiliates = async (
  db: Db,
  auth: AuthContext,
  ids: (string | null)[],
  path: (i: number) => string,
) => {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (!wanted.length) return;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.id, wanted),
        eq(users.role, 'affiliate'),
        ne(users.status, 'deleted'),
        partnerScope(auth) ?? undefined,
      ),
    );
  const found = new Set(rows.map((r) => r.id));
  const errors: Record<string, string> = {};
  ids.forEach((id, i) => {
    if (id && !found.has(id)) errors[path(i)] = 'Unknown affiliate';
  });
  if (Object.keys(errors).length) throw new AppError(400, errors);
};

/** A manager may attach only their own advertisers; an advertiser the offer already has stays allowed. */
export const assertAdvertiser = async (db: Db, auth: AuthContext, id: string | null, current: string | null = null) => {
  if (!id || id === current) return;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.id, id), eq(users.role, 'advertiser'), ne(users.status, 'deleted'), partnerScope(auth) ?? undefined),
    )
    .limit(1);
  if (!row) throw badRequest('advertiser_uuid', 'Unknown advertiser');
};

export const assertLandings = async (db: Db, ids: string[]) => {
  if (!ids.length) return;
  const rows = await db
    .select({ id: landings.id })
    .from(landings)
    .where(and(inArray(landings.id, ids), ne(landings.status, 'deleted')));
  missingAt(ids, new Set(rows.map((r) => r.id)), (i) => `landing_uuids.${i}`, 'Unknown landing');
};

export const assertProducts = async (db: Db, ids: string[]) => {
  if (!ids.length) return;
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, ids), ne(products.status, 'deleted')));
  missingAt(ids, new Set(rows.map((r) => r.id)), (i) => `products.${i}.product_uuid`, 'Unknown product');
};

/** Rows bound to affiliates the caller may not see survive a save of the section (a manager edits only theirs). */
export const ownedRows = (auth: AuthContext, db: Db, column: Parameters<typeof eq>[0], includeUnbound = false) => {
  const scope = partnerScope(auth);
  if (!scope) return undefined;
  const mine = sql`${column} in (${db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'affiliate'), scope))})`;
  return includeUnbound ? sql`(${column} is null or ${mine})` : mine;
};
