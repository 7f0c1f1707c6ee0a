import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { cleanText, trackingApi } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { CapSlices } from './cap-slices.ts';
import { clickCapsOf, countClick, fullCap } from './caps.ts';
import { ClickCache, type CachedOffer } from './click-cache.ts';
import { ClickWriter } from './click-writer.ts';
import { foldRollups } from './conversion-rollup.ts';
import { decideClick, type ClickInput } from './decide.ts';
import { simulateClick } from './simulate.ts';
import { VISITOR_TEXT_MAX, visitorOf, visitorTextOf } from './visitor.ts';

/** Conversion changes reach the rollups within about this long (reports may lag conversions by up to 60 s). */
const FOLD_MS = 1000;

declare module 'fastify' {
  interface FastifyInstance {
    tracking: { cache: ClickCache; writer: ClickWriter; slices: CapSlices };
  }
}

type ClickQuery = Record<string, string | string[] | undefined>;
const SUBS = ['sub1', 'sub2', 'sub3', 'sub4', 'sub5'] as const;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const COOKIE_DAY = 24 * 60 * 60;

/** A query value as stored: the first of repeated ones, cleaned and cut (decision 013). */
const one = (v: string | string[] | undefined, max: number = VISITOR_TEXT_MAX.sub) =>
  cleanText(Array.isArray(v) ? v[0] : v, max) || undefined;
const positive = (v: string | undefined) => (v && /^\d{1,9}$/.test(v) ? Number(v) : null);

/** The click id this visitor already got for the offer, so a repeat visit keeps its click (docs/product/tracking.md). */
const cookieName = (offer: number) => `pxl_c${offer}`;
const knownClick = (req: FastifyRequest, offer: number) => {
  const m = (req.headers.cookie ?? '').match(new RegExp(`(?:^|;\\s*)${cookieName(offer)}=([^;]+)`));
  return m && UUID_RE.test(m[1]) ? m[1] : null;
};

const UNAVAILABLE =
  '<!doctype html><meta charset="utf-8"><title>Offer not available</title><p>This offer is not available.</p>';
const unavailable = (reply: FastifyReply) =>
  reply.code(404).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(UNAVAILABLE);

/** Not encapsulated: tests and the server reach the click cache and writer as `app.tracking`. */
export const clickRoutes = fp(async (app: FastifyInstance, { hotDb: db }: AppDeps) => {
  const cache = new ClickCache(db);
  const writer = new ClickWriter(db, app.log);
  const slices = new CapSlices(db, (err) => app.log.warn({ err }, 'leasing a click cap slice failed'));
  app.decorate('tracking', { cache, writer, slices });
  writer.start();
  const folding = setInterval(
    () => void foldRollups(db, { log: app.log }).catch((err) => app.log.warn({ err }, 'folding rollups failed')),
    FOLD_MS,
  );
  folding.unref();
  void cache.listen((err) => app.log.warn({ err }, 'cache listener lost; reconnecting'));
  app.addHook('onClose', async () => {
    clearInterval(folding);
    await writer.close();
    await foldRollups(db, { wait: true, log: app.log }).catch((err) =>
      app.log.warn({ err }, 'folding rollups at shutdown failed'),
    );
    await slices.close().catch((err) => app.log.warn({ err }, 'giving back cap slices failed'));
    await cache.close();
  });

  // The click link of docs/product/tracking.md. Not an /api route: any host that points here (the panel's or a tracking domain) serves it.
  app.get<{ Params: { offerId: string }; Querystring: ClickQuery }>('/click/:offerId', async (req, reply) => {
    const number = positive(req.params.offerId);
    if (!number) return unavailable(reply);
    const q = req.query;
    const affiliateId = one(q.aff, 64) ?? '';
    const [offer, affiliate, env] = await Promise.all([
      cache.offer(number),
      cache.affiliate(affiliateId),
      cache.environment(),
    ]);
    const { ip, userAgent, referrer } = visitorTextOf(req.ip, req.headers);
    const visitor = visitorOf(ip, userAgent);
    const reused = offer ? knownClick(req, number) : null;
    const input: ClickInput = {
      clickId: reused ?? randomUUID(),
      offerNumber: number,
      affiliateId,
      landingNumber: positive(one(q.landing)),
      prelandingNumber: positive(one(q.prelanding)),
      country: visitor.country,
      device: visitor.device,
      os: visitor.os,
      ip,
      now: Date.now(),
      subs: Object.fromEntries(SUBS.map((s) => [s, one(q[s])]).filter(([, v]) => v)),
    };
    const clickCaps = offer ? clickCapsOf(offer, input, env.timeZone) : [];
    // A round trip only when this process has no click left of a cap's slice; from here to the count nothing waits.
    for (let lease = slices.need(clickCaps); lease; lease = slices.need(clickCaps)) await lease;
    // A repeat visitor's own click is already counted, so click caps do not turn them away.
    let decision = decideClick(offer, affiliate, input, env.trafficback, (o) =>
      fullCap(o as CachedOffer, input, slices, { repeat: !!reused }),
    );
    if (reused && decision.outcome !== 'offer') {
      // Refused now: this is a new click of its own (the first one stays as it was).
      input.clickId = randomUUID();
      decision = decideClick(offer, affiliate, input, env.trafficback, (o) => fullCap(o as CachedOffer, input, slices));
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
      });
    }
    if (!decision.url) return unavailable(reply);
    if (offer && decision.outcome === 'offer') {
      reply.header(
        'set-cookie',
        `${cookieName(number)}=${input.clickId}; Max-Age=${COOKIE_DAY}; Path=/click/${number}; HttpOnly; SameSite=Lax`,
      );
    }
    return reply.code(302).header('cache-control', 'no-store').header('location', decision.url).send();
  });

  registerEndpoint(app, trackingApi.simulateClick, ({ body, auth }) =>
    simulateClick(db, cache, slices, body, auth!.user.id),
  );
});
