import { and, asc, eq, gte, ilike, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Landing, LandingRef, Paged, landingListQuerySchema } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { landings } from '../../db/schema.ts';
import { containsPattern, totalOf } from '../../lib/people.ts';
import { takePage } from '../../lib/paging.ts';

type ListQuery = z.output<typeof landingListQuerySchema>;
type AttachedOffer = Landing['offers'][number];

/**
 * Attached offers ride along as JSON; deleted offers are left out, their links stay for a restore.
 * The outer column is spelled out: drizzle renders a bare "id" there, which the subquery would read as o.id.
 */
const attachedOffers = sql<AttachedOffer[] | null>`(
  select json_agg(json_build_object('uuid', o.id, 'id', o.number, 'title', o.title, 'status', o.status) order by o.number)
  from offer_landings ol join offers o on o.id = ol.offer_id
  where ol.landing_id = "landings"."id" and o.status <> 'deleted')`;

const select = (db: Db) =>
  db
    .select({
      id: landings.id,
      number: landings.number,
      name: landings.name,
      type: landings.type,
      url: landings.url,
      previewUrl: landings.previewUrl,
      languages: landings.languages,
      privacy: landings.privacy,
      status: landings.status,
      tags: landings.tags,
      createdAt: landings.createdAt,
      offers: attachedOffers,
      total: sql<number>`count(*) over()`.mapWith(Number),
    })
    .from(landings);

type Row = Awaited<ReturnType<typeof select>>[number];

const toLanding = (r: Row): Landing => ({
  uuid: r.id,
  id: r.number,
  name: r.name,
  type: r.type as Landing['type'],
  url: r.url,
  preview_url: r.previewUrl,
  languages: r.languages,
  privacy: r.privacy as Landing['privacy'],
  status: r.status as Landing['status'],
  tags: r.tags,
  offers: r.offers ?? [],
  created_at: r.createdAt.toISOString(),
});

export const findLanding = async (db: Db, id: string) => {
  const [row] = await select(db).where(eq(landings.id, id)).limit(1);
  return row ? toLanding(row) : null;
};

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A pasted UUID matches exactly; digits match the number or text; anything else matches name and URL (wildcards literal). */
const landingSearch = (text: string | undefined): SQL | undefined => {
  if (!text) return undefined;
  if (UUID_RE.test(text)) return eq(landings.id, text);
  const p = containsPattern(text);
  const byText = or(ilike(landings.name, p), ilike(landings.url, p));
  return /^\d{1,9}$/.test(text) ? or(eq(landings.number, Number(text)), byText) : byText;
};

/** Created-date bounds are whole days in the partner time zone (general settings), cut to UTC instants. */
const createdBetween = (q: ListQuery, timeZone: string): SQL[] => [
  ...(q.created_from
    ? [gte(landings.createdAt, sql`(${q.created_from}::date)::timestamp at time zone ${timeZone}`)]
    : []),
  ...(q.created_to
    ? [lt(landings.createdAt, sql`(${q.created_to}::date + 1)::timestamp at time zone ${timeZone}`)]
    : []),
];

const sortColumn = (sort: ListQuery['sort']) => {
  switch (sort) {
    case 'id':
      return landings.number;
    case 'name':
      return landings.name;
    case 'status':
      return landings.status;
    default:
      return landings.createdAt;
  }
};

/** Deleted landings leave the list unless asked for with status=deleted. */
export const listLandings = async (db: Db, q: ListQuery, timeZone: string): Promise<Paged<Landing>> => {
  const where = and(
    q.status ? eq(landings.status, q.status) : ne(landings.status, 'deleted'),
    q.type ? eq(landings.type, q.type) : undefined,
    q.privacy ? eq(landings.privacy, q.privacy) : undefined,
    q.language ? sql`${q.language} = any(${landings.languages})` : undefined,
    q.tag ? sql`${q.tag} = any(${landings.tags})` : undefined,
    q.offer_uuid
      ? sql`exists (select 1 from offer_landings ol where ol.landing_id = "landings"."id" and ol.offer_id = ${q.offer_uuid})`
      : undefined,
    landingSearch(q.search),
    ...createdBetween(q, timeZone),
  );
  const dir = q.order === 'asc' ? sql`asc` : sql`desc`;
  const rows = await takePage(
    select(db)
      .where(where)
      .orderBy(sql`${sortColumn(q.sort)} ${dir}`, asc(landings.number))
      .$dynamic(),
    q,
  );
  return { list: rows.map(toLanding), count: await totalOf(db, rows, q.page, where, landings) };
};

/** Offer forms pick from these: landings first, then pre-landings, each by name. */
export const landingOptions = async (db: Db): Promise<LandingRef[]> => {
  const rows = await db
    .select({
      uuid: landings.id,
      id: landings.number,
      name: landings.name,
      type: landings.type,
      status: landings.status,
      url: landings.url,
      preview_url: landings.previewUrl,
      privacy: landings.privacy,
    })
    .from(landings)
    .where(ne(landings.status, 'deleted'))
    .orderBy(asc(landings.type), asc(landings.name), asc(landings.number));
  return rows.map((r) => ({ ...r, type: r.type as LandingRef['type'] }));
};
