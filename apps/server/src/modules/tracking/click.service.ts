import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { cleanText, type FraudReason } from '@pxl/contract';
import {
  botAgentReason,
  clickAction,
  datacenterIpReason,
  ipVelocityReason,
  verdictOf,
  type VelocityCounter,
} from '../fraud/index.ts';
import { clickCapsOf, countClick, fullCap } from './caps.ts';
import type { CachedOffer } from './click-cache.ts';
import type { Clicks } from './clicks.ts';
import { decideClick, type ClickInput, type ClickQuality } from './decide.ts';
import { VISITOR_TEXT_MAX, visitorOf, visitorTextOf } from './visitor.ts';

export type ClickQuery = Record<string, string | string[] | undefined>;
/** A click link's request as the route parsed it: the offer's number, the query and who is asking. */
export type ClickRequest = { offerNumber: number; query: ClickQuery; ip: string; headers: IncomingHttpHeaders };
/** Where to send the visitor (none: the offer is not available) and the cookie that keeps a repeat visit's click. */
export type ClickAnswer = { location: string | null; cookie: string | null };

const SUBS = ['sub1', 'sub2', 'sub3', 'sub4', 'sub5'] as const;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const COOKIE_DAY = 24 * 60 * 60;

/** A query value as stored: the first of repeated ones, cleaned and cut (decision 013). */
const one = (v: string | string[] | undefined, max: number = VISITOR_TEXT_MAX.sub) =>
  cleanText(Array.isArray(v) ? v[0] : v, max) || undefined;
export const positive = (v: string | undefined) => (v && /^\d{1,9}$/.test(v) ? Number(v) : null);

/** The click id this visitor already got for the offer, so a repeat visit keeps its click (docs/product/tracking.md). */
const cookieName = (offer: number) => `pxl_c${offer}`;
const knownClick = (headers: IncomingHttpHeaders, offer: number) => {
  const m = (headers.cookie ?? '').match(new RegExp(`(?:^|;\\s*)${cookieName(offer)}=([^;]+)`));
  return m && UUID_RE.test(m[1]) ? m[1] : null;
};

type Visitor = ReturnType<typeof visitorOf>;
type Decision = ReturnType<typeof decideClick>;

const inputOf = (r: ClickRequest, affiliateId: string, ip: string, visitor: Visitor, reused: string | null) => ({
  clickId: reused ?? randomUUID(),
  offerNumber: r.offerNumber,
  affiliateId,
  landingNumber: positive(one(r.query.landing)),
  prelandingNumber: positive(one(r.query.prelanding)),
  country: visitor.country,
  device: visitor.device,
  os: visitor.os,
  ip,
  now: Date.now(),
  subs: Object.fromEntries(SUBS.map((s) => [s, one(r.query[s])]).filter(([, v]) => v)),
});

const NO_REASONS: readonly FraudReason[] = Object.freeze([]);
const CLEAN: ClickQuality & { flagged: boolean } = {
  score: 0,
  reasons: NO_REASONS,
  trafficback: false,
  flagged: false,
};

/**
 * The click's fraud verdict on the offer's settings (the network's with the offer's own values, resolved when the
 * offer was cached) and the action its score calls for (docs/product/fraud.md, "On the click path"). A clean click
 * allocates nothing: it shares one verdict.
 */
export const clickQuality = (
  offer: CachedOffer,
  velocity: VelocityCounter | null,
  ip: string,
  userAgent: string | null,
  affiliateId: string | null,
  velocityKey: string,
): ClickQuality & { flagged: boolean } => {
  const s = offer.fraud;
  const w = s.weights;
  // A weight of 0 turns its signal off: no lookup, no pattern, and a velocity key neither made nor counted.
  const datacenter = w.datacenter_ip > 0 ? datacenterIpReason(ip, 'click', w) : null;
  const bot = w.bot_agent > 0 ? botAgentReason(userAgent, w) : null;
  const fast =
    velocity && w.ip_velocity > 0 ? ipVelocityReason(velocity.hit(ip, offer.id, velocityKey), s.thresholds, w) : null;
  if (!datacenter && !bot && !fast) return CLEAN;
  const { fraud_score: score, fraud_reasons: reasons } = verdictOf([datacenter, bot, fast].filter((r) => r !== null));
  const action = clickAction(s, score, affiliateId);
  return { score, reasons, trafficback: action === 'trafficback', flagged: action !== null };
};

/**
 * One visit of a click link (docs/product/tracking.md): the offer, affiliate and caps read from this process's cache,
 * the click decided, counted against its caps and buffered for the writer. No database round trip unless a cap's
 * slice runs out or the writer holds its bound of unstored clicks.
 */
export const trackClick = async (
  { cache, writer, slices, velocity, audit }: Clicks,
  r: ClickRequest,
): Promise<ClickAnswer> => {
  const affiliateId = one(r.query.aff, 64) ?? '';
  const [offer, affiliate, env] = await Promise.all([
    cache.offer(r.offerNumber),
    cache.affiliate(affiliateId),
    cache.environment(),
  ]);
  const { ip, userAgent, referrer } = visitorTextOf(r.ip, r.headers);
  const visitor = visitorOf(ip, userAgent);
  const reused = offer ? knownClick(r.headers, r.offerNumber) : null;
  // Scored before the decision, which sends a click whose score reaches the trafficback threshold away ('fraud').
  const quality = offer ? clickQuality(offer, velocity, ip, userAgent, affiliate?.id ?? null, affiliateId) : null;
  const input: ClickInput = inputOf(r, affiliateId, ip, visitor, reused);
  const clickCaps = offer ? clickCapsOf(offer, input, env.timeZone) : [];
  // A round trip only when this process has no click left of a cap's slice; from here to the count nothing waits.
  for (let lease = slices.need(clickCaps); lease; lease = slices.need(clickCaps)) await lease;
  // A repeat visitor's own click is already counted, so click caps do not turn them away.
  let decision: Decision = decideClick(
    offer,
    affiliate,
    input,
    env.trafficback,
    (o) => fullCap(o as CachedOffer, input, slices, { repeat: !!reused }),
    quality,
  );
  if (reused && decision.outcome !== 'offer') {
    // Refused now: this is a new click of its own (the first one stays as it was).
    input.clickId = randomUUID();
    decision = decideClick(
      offer,
      affiliate,
      input,
      env.trafficback,
      (o) => fullCap(o as CachedOffer, input, slices),
      quality,
    );
  }
  // A click on an unknown offer has nothing to belong to; a repeat visit keeps its first click (stored and counted once).
  const repeat = !!reused && decision.outcome === 'offer';
  if (offer && decision.outcome === 'offer' && !repeat) countClick(clickCaps, slices);
  if (offer && !repeat) {
    // Waits only when the writer holds its bound of unstored clicks (decision 013); otherwise it returns at once.
    await writer.add({
      id: input.clickId,
      createdAt: new Date(input.now),
      offerId: offer.id,
      affiliateId: affiliate?.id ?? null,
      landingId: decision.landing?.id ?? null,
      prelandingId: decision.prelanding?.id ?? null,
      ...input.subs,
      ip,
      country: visitor.country,
      device: visitor.device,
      os: visitor.os,
      browser: visitor.browser,
      referrer,
      userAgent: userAgent || null,
      isBot: visitor.bot,
      trafficbackReason: decision.reason,
      // The stored row is the record of this click; the audit log gets a summary a minute (decision 053).
      fraudScore: quality!.score,
      fraudReasons: quality!.reasons as FraudReason[],
      fraudFlagged: quality!.flagged,
    });
    if (decision.reason === 'fraud')
      audit.note(offer.id, affiliate?.id ?? null, input.clickId, input.now, quality!.reasons);
  }
  const n = r.offerNumber;
  const cookie =
    decision.url && offer && decision.outcome === 'offer'
      ? `${cookieName(n)}=${input.clickId}; Max-Age=${COOKIE_DAY}; Path=/click/${n}; HttpOnly; SameSite=Lax`
      : null;
  return { location: decision.url ?? null, cookie };
};
