import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { PostbackEvent } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { affiliatePostbacks, offerTrustedAffiliates, offers } from '../../db/schema.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { redactQuery } from '../../lib/log-redaction.ts';
import { actorOf } from '../account/index.ts';

/** The affiliate's postback URLs, with the offer each is for (none: every offer). */
export const listPostbackSettings = async (db: Db, affiliateId: string) => {
  const rows = await db
    .select({ p: affiliatePostbacks, number: offers.number, title: offers.title })
    .from(affiliatePostbacks)
    .leftJoin(offers, eq(offers.id, affiliatePostbacks.offerId))
    .where(eq(affiliatePostbacks.affiliateId, affiliateId))
    .orderBy(asc(affiliatePostbacks.event), asc(offers.number));
  return {
    list: rows.map(({ p, number, title }) => ({
      uuid: p.id,
      event: p.event as PostbackEvent,
      offer: p.offerId && number !== null ? { id: number, title: title ?? '' } : null,
      url: p.url,
    })),
  };
};

/** Offer numbers → ids among the offers this affiliate can see (a private offer only when trusted); others are field errors. */
const resolveOffers = async (db: Db, affiliateId: string, numbers: (number | null)[]) => {
  const wanted = [...new Set(numbers.filter((n): n is number => n !== null))];
  if (!wanted.length) return new Map<number, string>();
  const rows = await db
    .select({ id: offers.id, number: offers.number })
    .from(offers)
    .where(
      and(
        inArray(offers.number, wanted),
        ne(offers.status, 'deleted'),
        sql`(${offers.privacy} <> 'private' or exists (
      select 1 from ${offerTrustedAffiliates} t where t.offer_id = ${offers.id} and t.affiliate_id = ${affiliateId}))`,
      ),
    );
  return new Map(rows.map((r) => [r.number, r.id]));
};

type UrlRow = { event: string; offerId: string | null; url: string };
const keyOf = (r: UrlRow) => `${r.event} ${r.offerId ?? '*'} ${r.url}`;
const shown = (rows: UrlRow[]) => rows.map((r) => ({ event: r.event, offer_uuid: r.offerId, url: redactQuery(r.url) }));

/** Where conversions are reported moves traffic and money: a save that changes a URL is audited, credentials in its query masked. */
const auditUrlChange = async (
  tx: Db,
  who: { affiliateId: string; actorId: string; ip: string },
  before: UrlRow[],
  after: UrlRow[],
) => {
  const was = new Set(before.map(keyOf));
  const now = new Set(after.map(keyOf));
  const removed = before.filter((r) => !now.has(keyOf(r)));
  const added = after.filter((r) => !was.has(keyOf(r)));
  if (!removed.length && !added.length) return;
  await writeAudit(tx, {
    action: 'postback_url_change',
    actorId: who.actorId,
    subjectId: who.affiliateId,
    ip: who.ip,
    details: { added: shown(added), removed: shown(removed) },
  });
};

type SettingsItem = { event: PostbackEvent; offer_id: number | null; url: string };

/** Replaces the affiliate's postback URLs with the form's list; an offer they cannot see is a field error. */
export const savePostbackSettings = async (db: Db, auth: AuthContext, items: SettingsItem[], ip: string) => {
  const affiliateId = auth.user.id;
  const ids = await resolveOffers(
    db,
    affiliateId,
    items.map((i) => i.offer_id),
  );
  const errors: Record<string, string> = {};
  items.forEach((i, n) => {
    if (i.offer_id !== null && !ids.has(i.offer_id)) errors[`items.${n}.offer_id`] = 'Unknown offer';
  });
  if (Object.keys(errors).length) throw new AppError(400, errors);
  // Replaced as a whole: the form always sends the full list.
  await inTransaction(db, async (tx) => {
    const removed = await tx
      .delete(affiliatePostbacks)
      .where(eq(affiliatePostbacks.affiliateId, affiliateId))
      .returning({ event: affiliatePostbacks.event, offerId: affiliatePostbacks.offerId, url: affiliatePostbacks.url });
    const added = items.map((i) => ({
      event: i.event,
      offerId: i.offer_id === null ? null : ids.get(i.offer_id)!,
      url: i.url,
    }));
    if (added.length) await tx.insert(affiliatePostbacks).values(added.map((a) => ({ affiliateId, ...a })));
    await auditUrlChange(tx, { affiliateId, actorId: actorOf(auth), ip }, removed, added);
  });
  return listPostbackSettings(db, affiliateId);
};
