import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LeadCreate } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { Secrets } from '../../lib/secrets.ts';
import { capFills, type CapRow } from '../offers/index.ts';
import { refusalDetail, type LeadVerdict } from './lead-fraud.ts';
import type { GatedLead } from './lead-gate.ts';
import { dedupKeys, insertIfNew, lockKey, sortKeys, type LeadRow, type NewLead, type SendMark } from './lead-insert.ts';

export type { LeadRow } from './lead-insert.ts';
export type Intake =
  { refusal: 'duplicate' } | { lead: LeadRow; password: string; refusal: 'cap_reached' | 'fraud' | null };

const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Buyers' sign-up forms want upper, lower and digits; the lead gets this password when the affiliate sent none. */
export const generatePassword = () => {
  const pick = (set: string) => set[randomInt(set.length)];
  const rest = Array.from({ length: 9 }, () => pick(ALPHABET)).join('');
  return `${pick('ABCDEFGHJKLMNPQRSTUVWXYZ')}${pick('abcdefghijkmnpqrstuvwxyz')}${pick('23456789')}${rest}`;
};

export const lockAll = async (tx: Db, keys: bigint[]) => {
  // One round trip; a select list is evaluated left to right, so the locks are still taken in key order.
  await tx.execute(
    sql`select ${sql.join(
      sortKeys(keys).map((k) => sql`pg_advisory_xact_lock(${k.toString()}::bigint)`),
      sql`, `,
    )}`,
  );
};

/** The offer's lead caps this lead falls under (docs/product/offers.md). */
export const capsFor = (leadCaps: CapRow[], lead: Pick<NewLead, 'country' | 'device' | 'os' | 'affiliateId'>) =>
  leadCaps.filter(
    (c) =>
      (!c.geo || c.geo === lead.country) &&
      (!c.device || c.device === lead.device) &&
      (!c.os || c.os === lead.os) &&
      (!c.affiliateId || c.affiliateId === lead.affiliateId),
  );

/** The first of these caps that is full now, as text; counted by capFills. */
export const fullCap = async (tx: Db, caps: CapRow[], timeZone: string) => {
  const fills = await capFills(tx, caps, timeZone);
  const full = caps.find((c) => (fills.get(c.id) ?? 0) >= c.limit);
  return full ? `${full.limit} leads per ${full.period}` : null;
};

/** How a lead over the cap is kept (the Cold API feeds on those). */
export const capReached = (full: string) =>
  ({ status: 'failed', reason: 'cap_reached', reasonDetail: `The offer's cap of ${full} is reached` }) as const;

/**
 * De-duplication, the offer's lead caps and the insert, under advisory locks on the email, the phone and the offer:
 * two copies of a lead sent at once cannot both pass, and a cap of N never admits N+1. Without lead caps it is one
 * statement. A duplicate stores nothing; a lead over the cap is kept as failed (the Cold API feeds on those).
 */
export const admitLead = async (
  db: Db,
  secrets: Secrets,
  input: LeadCreate,
  gated: GatedLead,
  who: { affiliateId: string; apiKeyId: string | null },
  timeZone: string,
  verdict: LeadVerdict,
  /** The first send, marked in the same statement (waterfall.ts planWalk); dropped when the lead is not routed. */
  sending: SendMark | null = null,
): Promise<Intake> => {
  const { offer, click } = gated;
  const password = input.password ?? generatePassword();
  const values: NewLead = {
    offerId: offer.id,
    affiliateId: who.affiliateId,
    apiKeyId: who.apiKeyId,
    clickId: click?.id ?? null,
    landingId: gated.landingId,
    country: input.country,
    device: click?.device ?? null,
    os: click?.os ?? null,
    firstName: input.first_name,
    lastName: input.last_name,
    email: input.email,
    phone: gated.phone,
    ip: input.ip,
    language: input.language ?? null,
    passwordEnc: secrets.encrypt(password),
    funnel: input.funnel ?? null,
    gender: input.gender ?? null,
    isTest: input.test,
    sub1: input.sub1 ?? click?.sub1 ?? null,
    sub2: input.sub2 ?? click?.sub2 ?? null,
    sub3: input.sub3 ?? click?.sub3 ?? null,
    sub4: input.sub4 ?? click?.sub4 ?? null,
    sub5: input.sub5 ?? click?.sub5 ?? null,
    status: 'processing',
    reason: null,
    reasonDetail: null,
    fraudScore: verdict.fraud_score,
    fraudReasons: verdict.fraud_reasons,
    sendingAttemptId: sending?.attemptId ?? null,
    sendingProductId: sending?.productId ?? null,
  };
  const notSending = { sendingAttemptId: null, sendingProductId: null };
  // Refused for traffic quality: kept as failed (staff may release it), never counted in caps nor sent to a buyer.
  if (verdict.refuse) return admitRefused(db, { ...values, ...refusedFor(verdict), ...notSending }, password, verdict);
  const caps = capsFor(gated.leadCaps, values);
  if (!caps.length) {
    const lead = await insertIfNew(db, values);
    return lead ? { lead, password, refusal: null } : { refusal: 'duplicate' };
  }
  return db.transaction(async (t): Promise<Intake> => {
    const tx = t as unknown as Db;
    // Counting and inserting must not interleave with another lead on the offer, or the cap could overshoot.
    await lockAll(tx, [...dedupKeys(offer.id, input.email, gated.phone), lockKey(`lead-caps:${offer.id}`)]);
    const full = await fullCap(tx, caps, timeZone);
    const lead = await insertIfNew(tx, {
      ...values,
      ...(full && { ...capReached(full), ...notSending }),
    });
    if (!lead) return { refusal: 'duplicate' };
    return { lead, password, refusal: full ? 'cap_reached' : null };
  });
};

const refusedFor = (verdict: LeadVerdict) => ({
  status: 'failed',
  reason: 'fraud',
  reasonDetail: refusalDetail(verdict),
});

/** The refused lead and its automatic-action audit row commit together (docs/product/fraud.md, "Actions"). */
const admitRefused = (db: Db, values: NewLead, password: string, verdict: LeadVerdict) =>
  db.transaction(async (t): Promise<Intake> => {
    const tx = t as unknown as Db;
    const lead = await insertIfNew(tx, values);
    if (!lead) return { refusal: 'duplicate' };
    await writeAudit(tx, {
      action: 'fraud_action',
      subjectId: lead.affiliateId,
      details: {
        on: 'lead',
        uuid: lead.id,
        action: 'refuse',
        score: verdict.fraud_score,
        reasons: verdict.fraud_reasons,
      },
    });
    return { lead, password, refusal: 'fraud' };
  });
