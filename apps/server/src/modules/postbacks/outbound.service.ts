import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { fillMacros, type PostbackEvent } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import {
  affiliatePostbacks,
  clicks,
  conversions,
  leads,
  offers,
  outboundAttempts,
  outboundPostbacks,
} from '../../db/schema.ts';
import { QUEUES, sendInTx } from '../../jobs/jobs.ts';
import { writeAudit, type AuditEntry } from '../../lib/audit.ts';
import { postbackDeliveries } from '../../lib/metrics.ts';
import { sendPostback } from './send-postback.ts';

type Conversion = typeof conversions.$inferSelect;
export type DeliveryJob = { id: string; try: number };
export type DeliverySettings = { allowPrivate: boolean; retryDelaysSeconds: number[] };

/** 1, 5, 10, 20 and 30 minutes: six attempts over about an hour (docs/product/tracking.md asks for at least five). */
export const DEFAULT_RETRY_DELAYS = [60, 300, 600, 1200, 1800];

/** The URL for this event: the offer's own wins over the affiliate's general one. */
const urlFor = async (tx: Db, affiliateId: string, offerId: string, event: PostbackEvent) => {
  const rows = await tx
    .select({ url: affiliatePostbacks.url, offerId: affiliatePostbacks.offerId })
    .from(affiliatePostbacks)
    .where(
      and(
        eq(affiliatePostbacks.affiliateId, affiliateId),
        eq(affiliatePostbacks.event, event),
        or(isNull(affiliatePostbacks.offerId), eq(affiliatePostbacks.offerId, offerId)),
      ),
    );
  return (rows.find((r) => r.offerId) ?? rows[0])?.url ?? null;
};

/** What the inbound postback has already read (its URL for the event, the offer's number, the click): not read again. */
export type KnownPostback = { template: string; offerNumber: number; click: typeof clicks.$inferSelect };

type Subs = Pick<typeof clicks.$inferSelect, 'sub1' | 'sub2' | 'sub3' | 'sub4' | 'sub5' | 'landingId'>;

/** The affiliate's URL for a conversion event with its macros filled from the conversion and its click (or lead). */
export const conversionPostbackUrl = (
  template: string,
  conv: Pick<
    Conversion,
    'id' | 'clickId' | 'goal' | 'status' | 'payout' | 'currency' | 'affiliateId' | 'country' | 'leadId'
  >,
  offerNumber: number | undefined,
  click: Subs | null,
  lead: Subs | null,
) => {
  const subs = click ?? lead;
  return fillMacros(template, {
    click_id: conv.clickId,
    conversion_id: conv.id,
    offer_id: offerNumber,
    goal: conv.goal,
    status: conv.status,
    payout: (conv.payout / 100).toFixed(2),
    currency: conv.currency,
    affiliate_id: conv.affiliateId,
    geo: conv.country,
    sub1: subs?.sub1,
    sub2: subs?.sub2,
    sub3: subs?.sub3,
    sub4: subs?.sub4,
    sub5: subs?.sub5,
    landing_id: subs?.landingId,
    lead_id: conv.leadId,
  });
};

/**
 * Called inside the transaction that creates or changes the conversion: the log row and its delivery job
 * commit with it, so a change is never without its postback, nor a postback without its change. False when the
 * affiliate has no URL for the event (an FTD then falls back to the conversion URL).
 */
export const firePostbacks = async (tx: Db, conv: Conversion, event: PostbackEvent, known?: KnownPostback) => {
  const template = known?.template ?? (await urlFor(tx, conv.affiliateId, conv.offerId, event));
  if (!template) return false;
  const [offer] = known
    ? [{ number: known.offerNumber }]
    : await tx.select({ number: offers.number }).from(offers).where(eq(offers.id, conv.offerId)).limit(1);
  const [click] = known
    ? [known.click]
    : conv.clickId
      ? await tx.select().from(clicks).where(eq(clicks.id, conv.clickId)).limit(1)
      : [];
  // A lead sent through the API has no click: its own subs are what the affiliate sent (their click id often rides in sub1).
  const [lead] = !click && conv.leadId ? await tx.select().from(leads).where(eq(leads.id, conv.leadId)).limit(1) : [];
  const url = conversionPostbackUrl(template, conv, offer?.number, click ?? null, lead ?? null);
  const [row] = await tx
    .insert(outboundPostbacks)
    .values({
      affiliateId: conv.affiliateId,
      offerId: conv.offerId,
      conversionId: conv.id,
      event,
      url,
      nextAttemptAt: sql`now()`,
    })
    .returning({ id: outboundPostbacks.id });
  await sendInTx(tx, QUEUES.postback, { id: row.id, try: 0 } satisfies DeliveryJob);
  return true;
};

type Lead = typeof leads.$inferSelect;

/**
 * The affiliate's 'lead' postback when a buyer accepts their lead, inside the transaction that accepts it. Nothing is
 * paid for a lead (money comes with the FTD), so payout is 0.00. Test leads never fire.
 */
export const fireLeadPostbacks = async (tx: Db, lead: Lead) => {
  if (lead.isTest) return false;
  const template = await urlFor(tx, lead.affiliateId, lead.offerId, 'lead');
  if (!template) return false;
  const [offer] = await tx
    .select({ number: offers.number, currency: offers.currency })
    .from(offers)
    .where(eq(offers.id, lead.offerId))
    .limit(1);
  const url = fillMacros(template, {
    click_id: lead.clickId,
    lead_id: lead.id,
    offer_id: offer?.number,
    status: 'accepted',
    payout: '0.00',
    currency: offer?.currency,
    affiliate_id: lead.affiliateId,
    geo: lead.country,
    landing_id: lead.landingId,
    sub1: lead.sub1,
    sub2: lead.sub2,
    sub3: lead.sub3,
    sub4: lead.sub4,
    sub5: lead.sub5,
    conversion_id: '',
    goal: '',
  });
  const [row] = await tx
    .insert(outboundPostbacks)
    .values({
      affiliateId: lead.affiliateId,
      offerId: lead.offerId,
      conversionId: null,
      event: 'lead',
      url,
      nextAttemptAt: sql`now()`,
    })
    .returning({ id: outboundPostbacks.id });
  await sendInTx(tx, QUEUES.postback, { id: row.id, try: 0 } satisfies DeliveryJob);
  return true;
};

/**
 * One delivery attempt (the pg-boss job body). 2xx and 3xx deliver (the receiver answered; redirects are not followed,
 * they could lead past the address guard); 4xx fails for good, a refusal is final; network errors, timeouts and 5xx
 * are tried again after the next delay, and fail once the delays run out.
 */
export const deliver = async (db: Db, job: DeliveryJob, settings: DeliverySettings) => {
  const [pb] = await db.select().from(outboundPostbacks).where(eq(outboundPostbacks.id, job.id)).limit(1);
  if (!pb || pb.status !== 'pending') return;
  const result = await sendPostback(pb.url, settings.allowPrivate);
  const code = result.status_code;
  const delay = settings.retryDelaysSeconds[job.try];
  const retry = !result.refused && (code === null || code >= 500) && delay !== undefined;
  const status =
    code !== null && code >= 200 && code < 400
      ? 'delivered'
      : result.refused
        ? 'refused'
        : retry
          ? 'pending'
          : 'failed';
  await db.transaction(async (tx) => {
    await tx.insert(outboundAttempts).values({
      postbackId: pb.id,
      at: new Date(result.at),
      url: pb.url,
      statusCode: code,
      response: result.response,
      durationMs: result.duration_ms,
      error: result.error,
    });
    await tx
      .update(outboundPostbacks)
      .set({
        status,
        attemptsCount: sql`${outboundPostbacks.attemptsCount} + 1`,
        lastStatusCode: code,
        nextAttemptAt: retry ? sql`now() + make_interval(secs => ${delay})` : null,
      })
      .where(eq(outboundPostbacks.id, pb.id));
    if (retry)
      await sendInTx(tx, QUEUES.postback, { id: pb.id, try: job.try + 1 } satisfies DeliveryJob, {
        startAfterSeconds: delay,
      });
  });
  postbackDeliveries.inc({ result: status === 'pending' ? 'retry' : status });
};

/** "Send again": the same URL, a fresh series of attempts; audited with it, as it moves money on the affiliate's side. */
export const requeue = (db: Db, id: string, audit: AuditEntry) =>
  db.transaction(async (tx) => {
    await tx
      .update(outboundPostbacks)
      .set({ status: 'pending', nextAttemptAt: sql`now()` })
      .where(eq(outboundPostbacks.id, id));
    await sendInTx(tx, QUEUES.postback, { id, try: 0 } satisfies DeliveryJob);
    await writeAudit(tx as unknown as Db, audit);
  });
