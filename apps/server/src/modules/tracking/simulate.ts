import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { clickSimulationSchema, ClickDecisionView, Goal, Money } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { conversionHistory, conversions, offers } from '../../db/schema.ts';
import type { CachedOffer, ClickCache } from './click-cache.ts';
import type { CapSlices } from './cap-slices.ts';
import { clickCapsOf, fullCap } from './caps.ts';
import { goalMoney } from './conversions.service.ts';
import { clickQuality } from './click.service.ts';
import { scoreConversion, type ConversionVerdict } from './conversion-fraud.ts';
import { decideClick, type ClickInput } from './decide.ts';

type Simulation = z.output<typeof clickSimulationSchema>;

/** Settings › Test API › Direct link: the real decision on the cached data, nothing recorded or counted. */
export const simulateClick = async (
  db: Db,
  cache: ClickCache,
  slices: CapSlices,
  body: Simulation,
  actorId: string,
): Promise<ClickDecisionView> => {
  const [offer, affiliate, env] = await Promise.all([
    cache.offer(body.offer_id),
    cache.affiliate(body.affiliate_uuid),
    cache.environment(),
  ]);
  const input: ClickInput = {
    clickId: randomUUID(),
    offerNumber: body.offer_id,
    affiliateId: body.affiliate_uuid,
    landingNumber: body.landing_id,
    prelandingNumber: null,
    country: body.country,
    device: body.device ?? 'desktop',
    os: body.os ?? 'other-os',
    ip: body.ip ?? '203.0.113.10',
    now: Date.now(),
    subs: { sub1: body.sub1, sub2: body.sub2, sub3: body.sub3, sub4: body.sub4, sub5: body.sub5 },
  };
  // Leasing for a simulation only moves clicks into this process's slice; unused, they go back when idle.
  const clickCaps = offer ? clickCapsOf(offer, input, env.timeZone) : [];
  for (let lease = slices.need(clickCaps); lease; lease = slices.need(clickCaps)) await lease;
  // Scored like a real click on the given IP and user agent; the velocity counter is not touched by a simulation.
  const quality = offer
    ? clickQuality(offer, null, input.ip, body.user_agent ?? null, affiliate?.id ?? null, '')
    : null;
  const { outcome, reason, url, checks } = decideClick(
    offer,
    affiliate,
    input,
    env.trafficback,
    (o) => fullCap(o as CachedOffer, input, slices),
    quality,
  );
  // Every conversion is scored (docs/product/fraud.md, "Conversions"): from the simulated click's time and quality.
  // A test conversion is never acted on: it keeps the verdict and its approved status.
  const verdict = (goal: string) => {
    const v = scoreConversion(
      offer!.fraud,
      { clickAt: new Date(input.now), convertedAt: new Date(), goal },
      body.affiliate_uuid,
      [quality?.reasons],
    );
    return { fraudScore: v.fraudScore, fraudReasons: v.fraudReasons };
  };
  const test =
    body.test_conversion && outcome === 'offer'
      ? await testConversion(db, body, input.clickId, actorId, verdict)
      : null;
  return { outcome, reason, url, checks, test_conversion: test };
};

/**
 * An approved conversion on the offer's first goal with the money the goal table gives now, marked `is_test`:
 * reports, caps and balances leave it out, and it fires no postback. No click is stored; it keeps the made-up click id.
 */
const testConversion = (
  db: Db,
  body: Simulation,
  clickId: string,
  actorId: string,
  verdict: (goal: string) => Pick<ConversionVerdict, 'fraudScore' | 'fraudReasons'>,
) =>
  db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [offer] = await t.select().from(offers).where(eq(offers.number, body.offer_id)).limit(1);
    const goal = (offer?.goals as Goal[] | undefined)?.[0];
    if (!offer || !goal) return null;
    const { payout, revenue } = await goalMoney(t, offer.id, goal, body.affiliate_uuid, body.country);
    const [conv] = await t
      .insert(conversions)
      .values({
        clickId,
        offerId: offer.id,
        affiliateId: body.affiliate_uuid,
        goal: goal.goal,
        status: 'approved',
        payout,
        revenue,
        currency: offer.currency,
        country: body.country,
        device: body.device,
        os: body.os,
        isTest: true,
        txid: 'test-api',
        ...verdict(goal.goal),
      })
      .returning();
    await t.insert(conversionHistory).values({
      conversionId: conv.id,
      fromStatus: null,
      toStatus: 'approved',
      source: 'staff',
      actorId,
      reason: 'Test API › Direct link',
    });
    const money = (amount: number) => ({ amount, currency: conv.currency as Money['currency'] });
    return {
      uuid: conv.id,
      goal: conv.goal,
      status: conv.status,
      payout: money(payout),
      revenue: money(revenue),
      is_test: true as const,
    };
  });
