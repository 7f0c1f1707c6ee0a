import { createHash, randomInt } from 'node:crypto';
import { and, eq, gt, ne, or, sql } from 'drizzle-orm';
import type { LeadCreate } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { leads } from '../../db/schema.ts';
import type { Secrets } from '../../lib/secrets.ts';
import { capFills, type CapRow } from '../offers/offers.figures.ts';
import type { GatedLead } from './lead-gate.ts';

export type LeadRow = typeof leads.$inferSelect;
export type Intake = { refusal: 'duplicate' } | { lead: LeadRow; password: string; refusal: 'cap_reached' | null };

const DEDUP_DAYS = 30;
const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Buyers' sign-up forms want upper, lower and digits; the lead gets this password when the affiliate sent none. */
export const generatePassword = () => {
  const pick = (set: string) => set[randomInt(set.length)];
  const rest = Array.from({ length: 9 }, () => pick(ALPHABET)).join('');
  return `${pick('ABCDEFGHJKLMNPQRSTUVWXYZ')}${pick('abcdefghijkmnpqrstuvwxyz')}${pick('23456789')}${rest}`;
};

/** A 64-bit advisory lock key; sorted before taking, so two requests never wait on each other crosswise. */
const lockKey = (text: string) => createHash('sha256').update(text).digest().readBigInt64BE(0);
const lockAll = async (tx: Db, texts: string[]) => {
  const keys = texts.map(lockKey).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  // One round trip; a select list is evaluated left to right, so the locks are still taken in key order.
  await tx.execute(sql`select ${sql.join(keys.map((k) => sql`pg_advisory_xact_lock(${k.toString()}::bigint)`), sql`, `)}`);
};

/** The same email or phone on this offer in the last 30 days, among leads that did not fail (and of the same kind: test or not). */
const isDuplicate = async (tx: Db, offerId: string, email: string, phone: string, isTest: boolean) => {
  const [row] = await tx.select({ id: leads.id }).from(leads).where(and(
    eq(leads.offerId, offerId), or(eq(leads.email, email), eq(leads.phone, phone)), ne(leads.status, 'failed'),
    eq(leads.isTest, isTest), gt(leads.createdAt, sql`now() - make_interval(days => ${DEDUP_DAYS})`),
  )).limit(1);
  return !!row;
};

/** The offer's lead caps this lead falls under, full now (PRODUCT.md §3; counted by capFills). */
const offerCapFull = async (tx: Db, offerId: string, leadCaps: CapRow[], timeZone: string,
  lead: { country: string; device: string | null; os: string | null; affiliateId: string }) => {
  const caps = leadCaps.filter((c) =>
    (!c.geo || c.geo === lead.country) && (!c.device || c.device === lead.device) && (!c.os || c.os === lead.os)
    && (!c.affiliateId || c.affiliateId === lead.affiliateId));
  if (!caps.length) return null;
  // Counting and inserting must not interleave with another lead on the offer, or the cap could overshoot.
  await tx.execute(sql`select pg_advisory_xact_lock(${lockKey(`lead-caps:${offerId}`).toString()}::bigint)`);
  const fills = await capFills(tx, caps, timeZone);
  const full = caps.find((c) => (fills.get(c.id) ?? 0) >= c.limit);
  return full ? `${full.limit} leads per ${full.period}` : null;
};

/**
 * De-duplication, the offer's lead caps and the insert in one transaction, under advisory locks on the email, the
 * phone and the offer: two copies of a lead sent at once cannot both pass, and a cap of N never admits N+1.
 * A duplicate stores nothing; a lead over the cap is kept as failed (the Cold API feeds on those).
 */
export const admitLead = (
  db: Db, secrets: Secrets, input: LeadCreate, gated: GatedLead, who: { affiliateId: string; apiKeyId: string | null }, timeZone: string,
) =>
  db.transaction(async (t): Promise<Intake> => {
    const tx = t as unknown as Db;
    const { offer, click } = gated;
    const isTest = input.test;
    await lockAll(tx, [`lead-email:${offer.id}:${input.email}`, `lead-phone:${offer.id}:${gated.phone}`]);
    const password = input.password ?? generatePassword();
    const values = {
      offerId: offer.id, affiliateId: who.affiliateId, apiKeyId: who.apiKeyId, clickId: click?.id ?? null, landingId: gated.landingId,
      country: input.country, device: click?.device ?? null, os: click?.os ?? null, firstName: input.first_name, lastName: input.last_name,
      email: input.email, phone: gated.phone, ip: input.ip, language: input.language ?? null, passwordEnc: secrets.encrypt(password),
      funnel: input.funnel ?? null, isTest,
      sub1: input.sub1 ?? click?.sub1 ?? null, sub2: input.sub2 ?? click?.sub2 ?? null, sub3: input.sub3 ?? click?.sub3 ?? null,
      sub4: input.sub4 ?? click?.sub4 ?? null, sub5: input.sub5 ?? click?.sub5 ?? null,
    };
    if (await isDuplicate(tx, offer.id, input.email, gated.phone, isTest)) return { refusal: 'duplicate' };
    const full = await offerCapFull(tx, offer.id, gated.leadCaps, timeZone, { ...values, affiliateId: who.affiliateId });
    const [lead] = await tx.insert(leads).values({
      ...values, ...(full && { status: 'failed', reason: 'cap_reached', reasonDetail: `The offer's cap of ${full} is reached` }),
    }).returning();
    return { lead, password, refusal: full ? 'cap_reached' : null };
  });
