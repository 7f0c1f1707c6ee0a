import { and, eq, sql, type SQL } from 'drizzle-orm';
import { ADVERTISER_HIDDEN_DIMENSIONS, AFFILIATE_HIDDEN_DIMENSIONS, type StatDimension, type StatFilters } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { affiliatesInScope } from '../offers/offers.repository.ts';
import { generalSettings } from '../settings/settings.service.ts';
import { anyOf } from './log-sql.ts';
import { isEmpty, offerScopeOf, type OfferScope } from './log-offers.ts';

export type Viewer = 'staff' | 'affiliate' | 'advertiser';
export const viewerOf = (auth: AuthContext): Viewer =>
  auth.user.role === 'affiliate' ? 'affiliate' : auth.user.role === 'advertiser' ? 'advertiser' : 'staff';

/**
 * What a log query may touch, resolved before the big table is read: offers and affiliates become plain ID lists,
 * so the planner sees `offer_id = any($1)` with its statistics instead of a join it has to guess at.
 * The kind always narrows the offers; `affiliateIds` null means any affiliate.
 */
export type LogScope = {
  viewer: Viewer;
  from: SQL; to: SQL;
  offers: OfferScope;
  affiliateIds: string[] | null;
  /** Nothing can match (no offer of the kind, an out-of-scope affiliate asked for): skip the big query. */
  empty: boolean;
};

/** The account manager filter names the advertisers' managers: hidden whenever advertisers are. */
const hiddenFilters = (dims: readonly StatDimension[]): (keyof StatFilters)[] =>
  [...dims, ...(dims.includes('advertiser') ? ['account_manager' as const] : [])] as (keyof StatFilters)[];
const HIDDEN: Record<Viewer, (keyof StatFilters)[]> = {
  staff: [], affiliate: hiddenFilters(AFFILIATE_HIDDEN_DIMENSIONS), advertiser: hiddenFilters(ADVERTISER_HIDDEN_DIMENSIONS),
};

const isRealDay = (d: string) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d);
const dayIn = (tz: string, at = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
const minusDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/** Inclusive days in `tz`; absent, the last 7 days ending today there (issue 7 rules). */
export const dayRange = (q: StatFilters, tz: string) => {
  for (const field of ['date_from', 'date_to'] as const) if (q[field] && !isRealDay(q[field]!)) throw badRequest(field, 'No such day');
  const to = q.date_to ?? dayIn(tz);
  const from = q.date_from ?? minusDays(to, 6);
  if (from > to) throw badRequest('date_to', 'The end is before the start');
  return { from, to };
};

const affiliateIdsOf = async (db: Db, auth: AuthContext, viewer: Viewer, q: StatFilters): Promise<string[] | null> => {
  if (viewer === 'affiliate') return !q.affiliate?.length || q.affiliate.includes(auth.user.id) ? [auth.user.id] : [];
  if (viewer === 'advertiser') return q.affiliate?.length ? q.affiliate : null;
  const scope = affiliatesInScope(db, auth);
  if (!scope && !q.manager?.length) return q.affiliate?.length ? q.affiliate : null;
  const rows = await db.select({ id: users.id }).from(users).where(and(
    eq(users.role, 'affiliate'),
    scope ? sql`${users.id} in (${scope})` : undefined,
    q.affiliate?.length ? anyOf(users.id, q.affiliate) : undefined,
    q.manager?.length ? anyOf(users.managerId, q.manager) : undefined,
  ));
  return rows.map((r) => r.id);
};

/** Role checks (a hidden filter is a 400), the day range in the zone, and the offer and affiliate lists. */
export const resolveLogScope = async (db: Db, auth: AuthContext, q: StatFilters, o: { clicks?: boolean } = {}): Promise<LogScope> => {
  const viewer = viewerOf(auth);
  const hidden = HIDDEN[viewer].find((f) => (q[f] as unknown[] | undefined)?.length);
  if (hidden) throw badRequest(hidden, 'This filter is not available to you');
  const tz = q.tz ?? (await generalSettings.get(db)).time_zone;
  const days = dayRange(q, tz);
  const [offerScope, affiliateIds] = await Promise.all([offerScopeOf(db, auth, q, o), affiliateIdsOf(db, auth, viewer, q)]);
  return {
    viewer, offers: offerScope, affiliateIds,
    from: sql`(${days.from}::date)::timestamp at time zone ${tz}`,
    to: sql`(${days.to}::date + 1)::timestamp at time zone ${tz}`,
    empty: isEmpty(offerScope) || (affiliateIds !== null && !affiliateIds.length),
  };
};
