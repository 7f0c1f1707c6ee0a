import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { offerCaps, offers, users } from '../../db/schema.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { capFills, capRowColumns } from '../offers/index.ts';
import { generalSettings } from '../settings/index.ts';

const WARN_AT = 0.8;
const PERIOD_WORDS: Record<string, string> = { day: 'daily', week: 'weekly', month: 'monthly', total: 'total' };

/** The cap's current period as a stable key in the partner time zone: the warning goes once per period. */
const periodKeys = async (db: Db, timeZone: string) => {
  const { rows } = await db.execute<{ day: string; week: string; month: string }>(sql`select
    to_char(date_trunc('day', now() at time zone ${timeZone}), 'YYYY-MM-DD') as day,
    to_char(date_trunc('week', now() at time zone ${timeZone}), 'YYYY-MM-DD') as week,
    to_char(date_trunc('month', now() at time zone ${timeZone}), 'YYYY-MM') as month`);
  return { ...rows[0], total: 'total' } as Record<string, string>;
};

/**
 * Warns the offer's managers (the manager of its advertiser) and the admins when an active offer's cap reaches 80 %
 * in its current period. Run by the mail sweep each minute, off the tracking path; the dedupe key makes it once.
 */
export const warnFillingCaps = async (db: Db, mailer: Mailer) => {
  const advertiser = sql`(select ${users.managerId} from ${users} where ${users.id} = ${offers.advertiserId})`;
  const caps = await db
    .select({
      ...capRowColumns,
      title: offers.title,
      managerId: sql<string | null>`${advertiser}`,
    })
    .from(offerCaps)
    .innerJoin(offers, eq(offers.id, offerCaps.offerId))
    .where(eq(offers.status, 'active'));
  if (!caps.length) return;
  const { time_zone } = await generalSettings.get(db);
  const [fills, keys] = await Promise.all([capFills(db, caps, time_zone), periodKeys(db, time_zone)]);
  const staff = await db
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where(and(eq(users.status, 'active'), sql`${users.role} in ('admin','manager','team_lead','head')`));
  for (const cap of caps) {
    const used = fills.get(cap.id) ?? 0;
    if (used < cap.limit * WARN_AT) continue;
    const to = staff.filter((s) => s.role === 'admin' || s.id === cap.managerId);
    const vars = {
      offer: cap.title,
      cap: `${cap.limit} ${cap.metric}`,
      used: String(used),
      period: PERIOD_WORDS[cap.period] ?? cap.period,
    };
    for (const s of to)
      await mailer.send({
        to: s.email,
        template: 'offer_cap_80',
        vars,
        dedupeKey: `cap80:${cap.id}:${keys[cap.period]}:${s.id}`,
      });
  }
};
