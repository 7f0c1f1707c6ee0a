import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { newsAudiencesFor, type NewsFeed, type NewsItem, type newsInputSchema } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { news } from '../../db/schema.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { notFound } from '../../lib/errors.ts';
import { renderMarkdown } from '../../lib/markdown.ts';
import type { PageQuery } from '../../lib/paging.ts';
import { findNews, insertRead, isVisibleTo, readFeed, type StoredNews } from './news.repository.ts';

type Input = z.output<typeof newsInputSchema>;
type Meta = { ip: string };
type Change = 'create' | 'update' | 'delete';

// HTML is made on every read, never stored: a tightened sanitiser applies to old items too
// (docs/decisions/024-markdown-rendering.md).
export const withHtml = (item: StoredNews): NewsItem => ({ ...item, body_html: renderMarkdown(item.body) });

const audit = (db: Db, auth: AuthContext, ip: string, change: Change, id: string, details: Record<string, unknown>) =>
  writeAudit(db, { action: 'news_change', actorId: auth.user.id, ip, details: { news_uuid: id, change, ...details } });

/** The audit row names what a partner sees change; the text itself stays in the item. */
const summary = (body: Input) => ({
  title: body.title,
  audience: body.audience,
  pinned: body.pinned,
  publish_at: body.publish_at ?? null,
});

const valuesOf = (body: Input) => ({
  title: body.title,
  body: body.body,
  audience: body.audience,
  pinned: body.pinned,
  ...(body.publish_at ? { publishAt: new Date(body.publish_at) } : {}),
});

const readBack = async (db: Db, id: string) => withHtml((await findNews(db, id))!);

/** Without a publish date the item is out at once (the column's default). */
export const createNews = async (db: Db, auth: AuthContext, body: Input, { ip }: Meta) => {
  const id = await inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(news)
      .values({ ...valuesOf(body), authorId: auth.user.id })
      .returning({ id: news.id });
    await audit(tx, auth, ip, 'create', row.id, summary(body));
    return row.id;
  });
  return readBack(db, id);
};

/** An edit without a publish date keeps the one the item has. */
export const updateNews = async (db: Db, auth: AuthContext, id: string, body: Input, { ip }: Meta) => {
  await inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(news)
      .set({ ...valuesOf(body), updatedAt: sql`now()` })
      .where(eq(news.id, id))
      .returning({ id: news.id });
    if (!row) throw notFound('News item');
    await audit(tx, auth, ip, 'update', id, summary(body));
  });
  return readBack(db, id);
};

/** Read marks go with the item (on delete cascade). */
export const deleteNews = async (db: Db, auth: AuthContext, id: string, { ip }: Meta) => {
  await inTransaction(db, async (tx) => {
    const [row] = await tx.delete(news).where(eq(news.id, id)).returning({ id: news.id, title: news.title });
    if (!row) throw notFound('News item');
    await audit(tx, auth, ip, 'delete', id, { title: row.title });
  });
  return { deleted: true as const };
};

export const readNewsFeed = async (db: Db, auth: AuthContext, page: PageQuery): Promise<NewsFeed> => {
  const { rows, count, unread } = await readFeed(db, auth.user.id, newsAudiencesFor(auth.user.role), page);
  return {
    list: rows.map((r) => ({
      uuid: r.uuid,
      title: r.title,
      body_html: renderMarkdown(r.body),
      publish_at: r.publishAt.toISOString(),
      pinned: r.pinned,
      read: r.read,
    })),
    count,
    unread,
  };
};

/** A partner marks only what their feed shows: another audience's or a scheduled item is "not found" to them. */
export const markNewsRead = async (db: Db, auth: AuthContext, id: string) => {
  if (!(await isVisibleTo(db, id, newsAudiencesFor(auth.user.role)))) throw notFound('News item');
  await insertRead(db, id, auth.user.id);
  return { read: true as const };
};
