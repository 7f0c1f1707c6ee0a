import { and, eq, gte, ilike, lt, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { badRequest } from './errors.ts';
import type { AuthContext } from './auth-context.ts';
import { partnerScope } from './scope.ts';
import { findAssignableManager } from './assignable-manager.ts';

// Helpers shared by the affiliates, advertisers and managers lists and forms: all three are rows of `users`.

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Escape LIKE wildcards, so searching "50%" looks for that text. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A UUID searches the ID exactly (people paste IDs from elsewhere); any other text matches name and email parts. */
export const userSearch = (text: string | undefined, extra: AnyColumn[] = []): SQL | undefined => {
  if (!text) return undefined;
  if (UUID_RE.test(text)) return eq(users.id, text);
  const p = containsPattern(text);
  return or(
    ...[users.email, users.firstName, users.lastName, ...extra].map((c) => ilike(c, p)),
    ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, p),
  );
};

/** Registration-date bounds are whole days in the partner time zone (general settings), cut to UTC instants. */
export const createdBetween = (q: { created_from?: string; created_to?: string }, timeZone: string): SQL[] => [
  ...(q.created_from ? [gte(users.createdAt, sql`(${q.created_from}::date)::timestamp at time zone ${timeZone}`)] : []),
  ...(q.created_to ? [lt(users.createdAt, sql`(${q.created_to}::date + 1)::timestamp at time zone ${timeZone}`)] : []),
];

/** `count(*) over()` rides on the rows; past the last page there is no row, so count apart for the pager. */
export const totalOf = async (
  db: Db,
  rows: { total: number }[],
  page: number,
  where: SQL | undefined,
  table: PgTable = users,
) => {
  if (rows.length) return rows[0].total;
  if (page === 1) return 0;
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(table)
    .where(where);
  return n;
};

export const nameOf = (first: string | null, last: string | null, email: string | null) =>
  [first, last].filter(Boolean).join(' ') || email || '';

/** A `{uuid, name, email}` reference from left-joined columns (all null when nothing joined). */
export const refOf = (id: string | null, first: string | null, last: string | null, email: string | null) =>
  id ? { uuid: id, name: nameOf(first, last, email), email: email ?? '' } : null;

export const isAdminLike = (auth: AuthContext) => auth.user.role === 'admin' || auth.user.role === 'head';

/** Text columns are NOT NULL with '' defaults; forms send '' or nothing for an empty field. */
export const cleanContacts = (c: Record<string, string | undefined>) =>
  Object.fromEntries(
    Object.entries(c)
      .map(([k, v]) => [k, v?.trim()])
      .filter(([, v]) => v),
  ) as Record<string, string>;

/** Emails are stored lower case; usernames are compared without case so "Bob" and "bob" cannot both exist. */
export const assertIdentityFree = async (
  db: Db,
  email: string,
  username: string | null | undefined,
  exceptId?: string,
) => {
  const other = exceptId ? [ne(users.id, exceptId)] : [];
  const [byEmail] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ...other))
    .limit(1);
  if (byEmail) throw badRequest('email', 'This email is already registered');
  if (!username) return;
  const [byName] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, ...other))
    .limit(1);
  if (byName) throw badRequest('username', 'This username is already taken');
};

/** Two writers racing past assertIdentityFree meet the unique constraint: answer with the same field errors. */
export const rethrowUnique = (err: unknown): never => {
  for (let e: any = err; e && typeof e === 'object'; e = e.cause) {
    if (e.code !== '23505') continue;
    if (e.constraint === 'users_username_unique') throw badRequest('username', 'This username is already taken');
    if (e.constraint === 'users_email_unique') throw badRequest('email', 'This email is already registered');
  }
  throw err;
};

/**
 * The manager a new partner gets when the form names none: `preferred` (the affiliate defaults) when the caller
 * may assign it; else the caller themselves, except admin and head, who may leave a partner unassigned.
 */
export const fallbackManager = async (db: Db, auth: AuthContext, preferred: string | null) => {
  if (preferred && (await findAssignableManager(db, auth, preferred))) return preferred;
  return isAdminLike(auth) ? null : auth.user.id;
};

/**
 * Assignment rules of docs/product/roles-and-scoping.md: a manager assigns only themselves, a team lead themselves or their team's managers,
 * admin and head any active manager. `current` is the stored manager on edit: keeping it is always allowed.
 */
export const pickManager = async (
  db: Db,
  auth: AuthContext,
  requested: string | null | undefined,
  fallback: () => Promise<string | null>,
  current?: string | null,
) => {
  if (requested === undefined) return current !== undefined ? current : fallback();
  if (requested === null) {
    // On create an empty picker means the affiliate default; on edit admin and head may clear the manager.
    if (current === undefined) return fallback();
    if (isAdminLike(auth)) return null;
    // Below head every partner needs an owner the caller can see; an empty picker means "me" (or keep).
    return current ?? fallback();
  }
  if (requested === current) return current;
  if (!(await findAssignableManager(db, auth, requested)))
    throw badRequest('manager_uuid', 'Choose an active manager you may assign partners to');
  return requested;
};

/** A partner row the caller may see (docs/product/roles-and-scoping.md), or null: out of scope looks exactly like absent (404). */
export const findPartnerInScope = async (db: Db, auth: AuthContext, id: string, role: 'affiliate' | 'advertiser') => {
  const scope = partnerScope(auth);
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      username: users.username,
      status: users.status,
      managerId: users.managerId,
      referrerId: users.referrerId,
    })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, role), scope ?? undefined))
    .limit(1);
  return row ?? null;
};
