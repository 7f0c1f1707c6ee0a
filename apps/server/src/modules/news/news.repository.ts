import { and, asc, desc, eq, gt, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { NewsAudience, newsListQuerySchema } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { news, newsReads, users } from '../../db/schema.ts';
import { containsPattern, refOf, totalOf } from '../../lib/people.ts';
import { takePage, type PageQuery } from '../../lib/paging.ts';

type ListQuery = z.output<typeof newsListQuerySchema>;

const select = (db: Db) =>
  db
    .select({
      id: news.id,
      title: news.title,
      body: news.body,
      audience: news.audience,
      publishAt: news.publishAt,
      published: sql<boolean>`${news.publishAt} <= now()`,
      pinned: news.pinned,
      authorId: users.id,
      authorFirst: users.firstName,
      authorLast: users.lastName,
      authorEmail: users.email,
      createdAt: news.createdAt,
      updatedAt: news.updatedAt,
      total: sql<number>`count(*) over()`.mapWith(Number),
    })
    .from(news)
    .leftJoin(users, eq(users.id, news.authorId));

type Row = Awaited<ReturnType<typeof select>>[number];

/** The stored item as the service hands it on; HTML is added there, from the one renderer. */
export const toStored = (r: Row) => ({
  uuid: r.id,
  title: r.title,
  body: r.body,
  audience: r.audience as NewsAudience,
  publish_at: r.publishAt.toISOString(),
  published: r.published,
  pinned: r.pinned,
  author: refOf(r.authorId, r.authorFirst, r.authorLast, r.authorEmail),
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});
export type StoredNews = ReturnType<typeof toStored>;

export const findNews = async (db: Db, id: string) => {
  const [row] = await select(db).where(eq(news.id, id)).limit(1);
  return row ? toStored(row) : null;
};

const sortColumn = (sort: ListQuery['sort']) =>
  sort === 'title' ? news.title : sort === 'created_at' ? news.createdAt : news.publishAt;

/** Created-date bounds are whole days in the partner time zone (general settings), cut to UTC instants. */
export const listNews = async (db: Db, q: ListQuery, timeZone: string) => {
  const text = q.search ? containsPattern(q.search) : null;
  const where = and(
    q.audience ? eq(news.audience, q.audience) : undefined,
    q.state === 'published' ? lte(news.publishAt, sql`now()`) : undefined,
    q.state === 'scheduled' ? gt(news.publishAt, sql`now()`) : undefined,
    text ? or(ilike(news.title, text), ilike(news.body, text)) : undefined,
    q.created_from
      ? sql`${news.createdAt} >= (${q.created_from}::date)::timestamp at time zone ${timeZone}`
      : undefined,
    q.created_to ? sql`${news.createdAt} < (${q.created_to}::date + 1)::timestamp at time zone ${timeZone}` : undefined,
  );
  const dir = q.order === 'asc' ? asc : desc;
  const rows = await takePage(
    select(db)
      .where(where)
      .orderBy(dir(sortColumn(q.sort)), desc(news.createdAt), asc(news.id))
      .$dynamic(),
    q,
  );
  return { list: rows.map(toStored), count: await totalOf(db, rows, q.page, where, news) };
};

/** What a partner may read: their audiences, and only once the publish date has come. */
const visibleTo = (audiences: NewsAudience[]): SQL | undefined =>
  audiences.length ? and(inArray(news.audience, audiences), lte(news.publishAt, sql`now()`)) : sql`false`;

const readBy = (userId: string) =>
  sql<boolean>`exists (select 1 from ${newsReads} r where r.news_id = ${news.id} and r.user_id = ${userId})`;

/** Pinned first, newest next; the counts cover the whole feed, not the page. */
export const readFeed = async (db: Db, userId: string, audiences: NewsAudience[], page: PageQuery) => {
  const where = visibleTo(audiences);
  const rows = await takePage(
    db
      .select({
        uuid: news.id,
        title: news.title,
        body: news.body,
        publishAt: news.publishAt,
        pinned: news.pinned,
        read: readBy(userId),
      })
      .from(news)
      .where(where)
      .orderBy(desc(news.pinned), desc(news.publishAt), asc(news.id))
      .$dynamic(),
    page,
  );
  const [counts] = await db
    .select({
      count: sql<number>`count(*)`.mapWith(Number),
      unread: sql<number>`count(*) filter (where not ${readBy(userId)})`.mapWith(Number),
    })
    .from(news)
    .where(where);
  return { rows, ...counts };
};

export const isVisibleTo = async (db: Db, id: string, audiences: NewsAudience[]) => {
  const [row] = await db
    .select({ id: news.id })
    .from(news)
    .where(and(eq(news.id, id), visibleTo(audiences)))
    .limit(1);
  return Boolean(row);
};

export const insertRead = (db: Db, newsId: string, userId: string) =>
  db.insert(newsReads).values({ newsId, userId }).onConflictDoNothing();
