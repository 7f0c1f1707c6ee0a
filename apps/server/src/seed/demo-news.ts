import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { news, newsReads } from '../db/schema.ts';

const DAY = 24 * 3600_000;

type Item = { title: string; body: string; audience: string; days: number; pinned?: boolean; readByDemo?: boolean };

/** `days` is the publish date relative to now: negative is past, positive is scheduled. */
const ITEMS: Item[] = [
  {
    title: 'Welcome to Demo Network',
    audience: 'all',
    days: -20,
    pinned: true,
    body: [
      '## Glad to have you here',
      'Questions about offers, payouts or tracking go to **your manager**: their contacts are on the dashboard.',
      '- Statistics update as traffic arrives',
      '- Payments go out by invoice once the minimum payout is reached',
      '',
      'Read the [user agreement](/user-agreement) before sending traffic.',
    ].join('\n\n'),
  },
  {
    title: 'New crypto offer with higher payouts',
    audience: 'affiliates',
    days: -2,
    body: 'A new **crypto** offer is live in *Offers › Available*: tier-1 GEOs, CPA up to **$450**. Ask your manager for access.',
  },
  {
    title: 'Postback tokens: keep them secret',
    audience: 'advertisers',
    days: -3,
    body: 'Your postback token is shown once. If it leaks, rotate it in **Settings › Security** and update your tracker.',
  },
  {
    title: 'Maintenance on Sunday night',
    audience: 'all',
    days: -9,
    readByDemo: true,
    body: 'The panel may be slow on Sunday between **02:00 and 03:00 UTC**. Tracking links keep working.',
  },
  {
    title: 'Holiday payout schedule',
    audience: 'affiliates',
    days: 7,
    body: 'Invoices for December are paid on **January 5**. This item is scheduled: partners see it from its publish date.',
  },
];

/** Idempotent: does nothing once any news item exists. */
export const seedDemoNews = async (db: Db, ids: Map<string, string>, now = Date.now()) => {
  const [{ n }] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(news);
  if (n > 0) return;
  const rows = await db
    .insert(news)
    .values(
      ITEMS.map((i) => ({
        title: i.title,
        body: i.body,
        audience: i.audience,
        pinned: i.pinned ?? false,
        publishAt: new Date(now + i.days * DAY),
        authorId: ids.get('admin'),
      })),
    )
    .returning({ id: news.id, title: news.title });
  const affiliate = ids.get('affiliate');
  const read = rows.filter((r) => ITEMS.find((i) => i.title === r.title)?.readByDemo);
  if (affiliate && read.length)
    await db.insert(newsReads).values(read.map((r) => ({ newsId: r.id, userId: affiliate })));
};
