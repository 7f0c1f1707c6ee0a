import {
  fillMacros,
  type ClickDecisionView,
  type FraudReason,
  type TrafficbackReason,
  type TrafficbackSettings,
} from '@pxl/contract';
import type { ClickAffiliate, ClickLanding, ClickOffer } from './click-config.ts';

export type ClickInput = {
  clickId: string;
  offerNumber: number;
  affiliateId: string;
  landingNumber: number | null;
  prelandingNumber: number | null;
  country: string | null;
  device: string;
  os: string;
  ip: string;
  subs: Partial<Record<'sub1' | 'sub2' | 'sub3' | 'sub4' | 'sub5', string>>;
  now: number;
};
export type Decision = Omit<ClickDecisionView, 'test_conversion'> & {
  offerId: string | null;
  landing: ClickLanding | null;
  prelanding: ClickLanding | null;
};

type Check = ClickDecisionView['checks'][number];
/** Caps are decided by the caller (they hold the live counters); this returns the first cap that is full, if any. */
export type CapProbe = (offer: ClickOffer, input: ClickInput) => string | null;
/** The click's fraud verdict and whether its score sends it to trafficback (docs/product/fraud.md). */
export type ClickQuality = { score: number; reasons: readonly FraudReason[]; trafficback: boolean };

const qualityDetail = (q: ClickQuality) =>
  q.reasons.length ? `Score ${q.score}: ${q.reasons.map((r) => r.detail).join('; ')}` : 'Score 0';

const check = (name: string, ok: boolean, detail: string): Check => ({ name, ok, detail });

/**
 * The checks of docs/product/tracking.md: offer active and in dates, affiliate active, allowed and not paused, landing active, geo/device/OS allowed, caps.
 * Pure: the same function serves real clicks and Settings › Test API › Direct link.
 */
export const decideClick = (
  offer: ClickOffer | null,
  affiliate: ClickAffiliate | null,
  input: ClickInput,
  trafficback: TrafficbackSettings,
  fullCap: CapProbe,
  quality: ClickQuality | null = null,
): Decision => {
  const checks: Check[] = [];
  const landing = offer && input.landingNumber ? (offer.landings.get(input.landingNumber) ?? null) : null;
  const prelanding = offer && input.prelandingNumber ? (offer.landings.get(input.prelandingNumber) ?? null) : null;
  const values = {
    click_id: input.clickId,
    offer_id: input.offerNumber,
    affiliate_id: input.affiliateId,
    landing_id: landing?.number ?? '',
    geo: input.country ?? '',
    ip: input.ip,
    ...input.subs,
  };
  const refuse = (reason: TrafficbackReason): Decision => {
    const own = offer?.trafficbackUrl ?? null;
    const global = trafficback.url && trafficback.reasons.includes(reason) ? trafficback.url : null;
    const target = own ?? global;
    return {
      outcome: target ? 'trafficback' : 'unavailable',
      reason,
      url: target ? fillMacros(target, values) : null,
      checks,
      offerId: offer?.id ?? null,
      landing,
      prelanding,
    };
  };
  const gate = (name: string, ok: boolean, detail: string, reason: TrafficbackReason) => {
    checks.push(check(name, ok, detail));
    return ok ? null : refuse(reason);
  };

  const steps: (() => Decision | null)[] = [
    () => gate('Offer', !!offer, offer ? `Offer ${offer.number}` : `No offer ${input.offerNumber}`, 'unknown_offer'),
    () => gate('Offer status', offer!.status === 'active', offer!.status, 'offer_not_active'),
    () =>
      gate(
        'Start date',
        offer!.startsAt === null || offer!.startsAt <= input.now,
        offer!.startsAt ? new Date(offer!.startsAt).toISOString() : 'none',
        'offer_not_started',
      ),
    () =>
      gate(
        'Stop date',
        offer!.stopsAt === null || offer!.stopsAt > input.now,
        offer!.stopsAt ? new Date(offer!.stopsAt).toISOString() : 'none',
        'offer_ended',
      ),
    () => gate('Affiliate', !!affiliate, affiliate ? affiliate.id : 'unknown', 'unknown_affiliate'),
    () => gate('Affiliate not banned', affiliate!.status !== 'banned', affiliate!.status, 'affiliate_banned'),
    () =>
      gate(
        'Affiliate active',
        affiliate!.status === 'active' || affiliate!.status === 'not_active',
        affiliate!.status,
        'affiliate_not_active',
      ),
    () => gate('Access', offer!.privacy === 'public' || offer!.trusted.has(affiliate!.id), offer!.privacy, 'no_access'),
    () => gate('Not paused', !offer!.paused.has(affiliate!.id), 'by an automation rule', 'paused'),
    () =>
      gate(
        'Landing',
        !input.landingNumber ||
          (landing?.status === 'active' &&
            landing.type === 'landing' &&
            (landing.privacy === 'public' || offer!.trusted.has(affiliate!.id))),
        landing ? `${landing.number}: ${landing.status}` : input.landingNumber ? 'not attached' : 'offer URL',
        'landing_not_active',
      ),
    () =>
      gate(
        'Pre-landing',
        !input.prelandingNumber || (prelanding?.status === 'active' && prelanding.type === 'prelanding'),
        prelanding ? `${prelanding.number}: ${prelanding.status}` : input.prelandingNumber ? 'not attached' : 'none',
        'landing_not_active',
      ),
    () =>
      gate(
        'Country',
        !offer!.geos.length || (!!input.country && offer!.geos.includes(input.country)),
        input.country ?? 'unknown',
        'geo_not_allowed',
      ),
    () =>
      gate(
        'Device',
        !offer!.devices.length || offer!.devices.includes(input.device),
        input.device,
        'device_not_allowed',
      ),
    () => gate('OS', !offer!.oss.length || offer!.oss.includes(input.os), input.os, 'os_not_allowed'),
    () => {
      const cap = fullCap(offer!, input);
      return gate('Caps', !cap, cap ?? 'room left', 'cap_reached');
    },
    // Last: a click refused for another reason keeps that reason, and only a click bound for the offer is turned away.
    () => (quality ? gate('Traffic quality', !quality.trafficback, qualityDetail(quality), 'fraud') : null),
  ];
  for (const step of steps) {
    const refused = step();
    if (refused) return refused;
  }
  // A pre-landing sends the visitor there first; it links on to the landing (or the offer URL).
  const target = prelanding?.url ?? landing?.url ?? offer!.trackingUrl;
  if (!target)
    return {
      ...refuse('landing_not_active'),
      checks: [...checks, check('Target', false, 'The offer has no tracking URL and no landing was chosen')],
    };
  return {
    outcome: 'offer',
    reason: null,
    url: fillMacros(target, values),
    checks,
    offerId: offer!.id,
    landing,
    prelanding,
  };
};
