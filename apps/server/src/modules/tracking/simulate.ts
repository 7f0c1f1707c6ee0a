import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { clickSimulationSchema, ClickDecisionView } from '@pxl/contract';
import type { CachedOffer, ClickCache } from './click-cache.ts';
import { fullCap } from './caps.ts';
import { decideClick, type ClickInput } from './decide.ts';

/** Settings › Test API › Direct link: the real decision on the cached data, nothing recorded or counted. */
export const simulateClick = async (cache: ClickCache, body: z.output<typeof clickSimulationSchema>): Promise<ClickDecisionView> => {
  const [offer, affiliate, env] = await Promise.all([cache.offer(body.offer_id), cache.affiliate(body.affiliate_uuid), cache.environment()]);
  const input: ClickInput = {
    clickId: randomUUID(), offerNumber: body.offer_id, affiliateId: body.affiliate_uuid, landingNumber: body.landing_id, prelandingNumber: null,
    country: body.country, device: body.device ?? 'desktop', os: body.os ?? 'other-os', ip: '203.0.113.10', now: Date.now(),
    subs: { sub1: body.sub1, sub2: body.sub2, sub3: body.sub3, sub4: body.sub4, sub5: body.sub5 },
  };
  const { outcome, reason, url, checks } = decideClick(offer, affiliate, input, env.trafficback, (o) => fullCap(o as CachedOffer, input));
  return { outcome, reason, url, checks };
};
