// Test and bench only: an advertiser's buyer products on one API offer, eight affiliates, and a lead history
// (hourly buckets, as the detector reads them) stored as the waterfall stores it: leads, their called attempts,
// the accepted one linked, FTDs a day after their lead.
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { leadAttempts, leads } from '../../db/schema.ts';
import { unnestInsert } from '../../db/unnest-insert.ts';
import type { ShaveBucket } from './shave.ts';

export type ShaveWorld = { offerId: string; affiliates: string[]; products: string[] };

const user = async (db: Db, role: string, name: string) => {
  const { rows } = await db.execute<{ id: string }>(sql`insert into users (email, password_hash, role, username, status)
    values (${`${name}@shave.test`}, 'x', ${role}, ${name}, 'active') returning id`);
  return rows[0]!.id;
};

/** One product per name, all of one advertiser, and eight affiliates sending to its offer. */
export const shaveWorld = async (db: Db, productNames: string[]): Promise<ShaveWorld> => {
  const tag = randomBytes(4).toString('hex');
  const adv = await user(db, 'advertiser', `adv_${tag}`);
  const affiliates = [];
  for (let i = 0; i < 8; i++) affiliates.push(await user(db, 'affiliate', `aff${i}_${tag}`));
  const { rows } = await db.execute<{ id: string }>(sql`insert into offers (type, title, vertical, advertiser_id)
    values ('api', ${`Leads ${tag}`}, 'forex', ${adv}) returning id`);
  const products: string[] = [];
  for (const name of productNames) {
    const p = await db.execute<{ id: string }>(sql`insert into products (advertiser_id, name, integration_type, status)
      values (${adv}, ${name}, 'sandbox', 'active') returning id`);
    products.push(p.rows[0]!.id);
  }
  return { offerId: rows[0]!.id, affiliates, products };
};

/**
 * Stores each bucket's leads: `leads` accepted by its product (`ftd` of them with an FTD a day later), the rest of
 * `sent` refused by it, each with the bucket's mean fraud score. Bucket ids must be the world's. Returns the leads.
 */
export const insertShaveHistory = async (db: Db, w: ShaveWorld, buckets: ShaveBucket[]) => {
  let [rows, attempts]: [(typeof leads.$inferInsert)[], (typeof leadAttempts.$inferInsert)[]] = [[], []];
  let stored = 0;
  const flush = async () => {
    await db.execute(unnestInsert(leads, rows));
    await db.execute(unnestInsert(leadAttempts, attempts));
    stored += rows.length;
    [rows, attempts] = [[], []];
  };
  for (const b of buckets) {
    const score = b.fraudCount ? Math.round(b.fraudSum / b.fraudCount) : null;
    for (let i = 0; i < b.sent; i++) {
      const [id, attemptId, taken] = [randomUUID(), randomUUID(), i < b.leads];
      const createdAt = new Date(b.at + Math.floor((i / b.sent) * 3_600_000));
      const ftd = i < b.ftd;
      rows.push({
        id,
        createdAt,
        offerId: w.offerId,
        affiliateId: b.affiliateId,
        country: b.geo,
        productId: taken ? b.productId : null,
        acceptedAttemptId: taken ? attemptId : null,
        status: taken ? 'accepted' : 'failed',
        isFtd: ftd,
        ftdAt: ftd ? new Date(createdAt.getTime() + 86_400_000) : null,
        fraudScore: score,
      });
      attempts.push({
        id: attemptId,
        leadId: id,
        productId: b.productId,
        createdAt,
        position: 0,
        called: true,
        result: taken ? 'accepted' : 'rejected',
      });
    }
    if (rows.length >= 5_000) await flush();
  }
  if (rows.length) await flush();
  await db.execute(sql`analyze leads`);
  await db.execute(sql`analyze lead_attempts`);
  return stored;
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Seventy days up to `now` of a product's leads: 7 sent an hour, 5 accepted, 1 FTD (20 %); `shave`: from 20 days
 * before `now`, 3 hours in 10 lose theirs.
 */
export const hourlyShaveHistory = (w: ShaveWorld, productId: string, shave: boolean, now: number): ShaveBucket[] => {
  const [start, shaveFrom] = [now - 70 * DAY, now - 20 * DAY];
  return Array.from({ length: 70 * 24 }, (_, i) => {
    const at = start + i * HOUR;
    const lost = shave && at >= shaveFrom && i % 10 >= 7;
    return {
      productId,
      affiliateId: w.affiliates[i % 2]!,
      geo: i % 3 ? 'DE' : 'AT',
      at,
      sent: 7,
      accepted: 5,
      leads: 5,
      ftd: lost ? 0 : 1,
      fraudSum: 70,
      fraudCount: 7,
    };
  });
};
