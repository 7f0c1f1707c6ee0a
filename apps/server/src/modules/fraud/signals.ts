import { isIPv4, isIPv6 } from 'node:net';
import { isbot } from 'isbot';
import { COUNTRY_CODE_PHONE, type FraudReason, type FraudThresholds, type FraudWeights } from '@pxl/contract';

import { ipv6Prefix64, lookupDatacenter, plainIp, type DatacenterMatch } from './datacenter.ts';
import type { VelocityCount } from './velocity.ts';

// One function per signal (docs/product/fraud.md, "Signals"). Each takes plain inputs, the weights and thresholds,
// and answers a reason or null. Missing data is never a reason: a signal that cannot be checked stays silent.
// A weight of 0 turns its signal off.

type Weights = Pick<FraudWeights, keyof FraudWeights>;

const reason = (code: FraudReason['code'], weights: Weights, detail: string): FraudReason | null =>
  weights[code] > 0 ? { code, weight: weights[code], detail: detail.slice(0, 300) } : null;

/** "4 s", "12 min", "3 h 20 min", "2 d 5 h": the scale a person reads a delay in. */
export function formatDuration(ms: number): string {
  const s = Math.floor(ms / 1000);
  if (s < 120) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 120) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 48) return m % 60 ? `${h} h ${m % 60} min` : `${h} h`;
  const d = Math.floor(h / 24);
  return h % 24 ? `${d} d ${h % 24} h` : `${d} d`;
}

export type CtitInput = { clickAt: Date | null; convertedAt: Date; goal: string };

/** `ctit_short` (injection) or `ctit_long` (flooding): click-to-conversion time outside the offer's window. */
export function ctitReason(input: CtitInput, t: FraudThresholds, w: Weights): FraudReason | null {
  if (!input.clickAt || !(t.ctit_goals as string[]).includes(input.goal)) return null;
  const ms = input.convertedAt.getTime() - input.clickAt.getTime();
  if (ms < t.ctit_min_seconds * 1000) {
    // A negative delay (clocks of two servers) still means "at once".
    const shown = formatDuration(Math.max(0, ms));
    return reason(
      'ctit_short',
      w,
      `Converted ${shown} after the click; the offer's minimum is ${formatDuration(t.ctit_min_seconds * 1000)}`,
    );
  }
  if (ms > t.ctit_max_seconds * 1000) {
    return reason(
      'ctit_long',
      w,
      `Converted ${formatDuration(ms)} after the click; the offer's maximum is ${formatDuration(t.ctit_max_seconds * 1000)}`,
    );
  }
  return null;
}

/** `datacenter_ip`: the IP of the click (or the lead) belongs to a hosting or cloud network. */
export function datacenterIpReason(
  ip: string | null,
  of: 'click' | 'lead',
  w: Weights,
  lookup: (ip: string) => DatacenterMatch | null = lookupDatacenter,
): FraudReason | null {
  if (!ip) return null;
  const match = lookup(ip);
  if (!match) return null;
  return reason(
    'datacenter_ip',
    w,
    `The ${of}'s IP ${plainIp(ip)} belongs to ${match.network} (AS${match.asn}), a hosting or cloud network`,
  );
}

/** Markers of automated browsers that isbot leaves to the caller (it looks for crawlers, not for remote-controlled browsers). */
const HEADLESS =
  /headlesschrome|phantomjs|slimerjs|electron\/|puppeteer|playwright|selenium|webdriver|cypress|nightmare|zombie\.js|htmlunit|splash/i;

/** What a user agent says of itself, in words, or null for a person's browser. */
function botDetail(userAgent: string): string | null {
  const ua = userAgent.trim();
  if (ua === '') return 'The click came without a user agent';
  const headless = HEADLESS.exec(ua);
  if (headless) return `The user agent names a headless or automated browser (${headless[0]})`;
  if (isbot(ua)) return `The user agent is a bot's: ${ua.slice(0, 120)}`;
  return null;
}

/**
 * The last answers of a lookup, bounded without a walk: two generations of `max / 2` keys, the older dropped whole
 * when the newer fills, and a key read from the older moves to the newer. Not one Map dropping its first key: after
 * many deletes V8 skips every deleted slot before the first live one (see velocity.ts). A key lives until at least
 * `max / 2` newer keys came.
 */
export class RecentAnswers<V> {
  private current = new Map<string, V>();
  private previous = new Map<string, V>();

  constructor(private readonly max: number) {}

  get size(): number {
    return this.current.size + this.previous.size;
  }

  /** The answer kept for the key, else `answer(key)`, kept. */
  get(key: string, answer: (key: string) => V): V {
    if (this.current.has(key)) return this.current.get(key)!;
    const old = this.previous.has(key);
    const value = old ? this.previous.get(key)! : answer(key);
    if (old) this.previous.delete(key);
    if (this.current.size >= Math.max(1, this.max >> 1)) {
      this.previous = this.current;
      this.current = new Map();
    }
    this.current.set(key, value);
    return value;
  }
}

/**
 * User agents repeat a lot and isbot's pattern costs several microseconds a click: the answers for the last few
 * thousand agents are kept, so the click path pays a map lookup for an agent it has seen.
 */
const botDetails = new RecentAnswers<string | null>(5000);

/** `bot_agent`: a crawler, a script or a headless browser by its user agent; no user agent at all counts too. */
export function botAgentReason(userAgent: string | null, w: Weights): FraudReason | null {
  if (userAgent === null) return null;
  const detail = botDetails.get(userAgent, botDetail);
  return detail === null ? null : reason('bot_agent', w, detail);
}

/** `ip_velocity`: more clicks from one IP than the thresholds in a minute, or two closer than a person clicks. */
export function ipVelocityReason(c: VelocityCount | null, t: FraudThresholds, w: Weights): FraudReason | null {
  if (!c) return null;
  if (c.perOffer > t.velocity_per_offer_minute)
    return reason(
      'ip_velocity',
      w,
      `${c.perOffer} clicks from this IP on this offer in a minute; the limit is ${t.velocity_per_offer_minute}`,
    );
  if (c.perAffiliate > t.velocity_per_affiliate_minute)
    return reason(
      'ip_velocity',
      w,
      `${c.perAffiliate} clicks from this IP on this affiliate's offers in a minute; the limit is ${t.velocity_per_affiliate_minute}`,
    );
  if (t.velocity_min_gap_ms > 0 && c.gapMs !== null && c.gapMs < t.velocity_min_gap_ms)
    return reason(
      'ip_velocity',
      w,
      `Two clicks from this IP on this offer ${c.gapMs} ms apart; a person needs at least ${t.velocity_min_gap_ms} ms`,
    );
  return null;
}

/** What the lead's contact matched among the leads of the last `duplicate_contact_days` days (other offers or buyers). */
export type ContactMatches = { email: number; phone: number };

/** `duplicate_contact`: the lead's e-mail or phone was already sent to other offers or buyers. */
export function duplicateContactReason(m: ContactMatches | null, t: FraudThresholds, w: Weights): FraudReason | null {
  if (!m || (m.email <= 0 && m.phone <= 0)) return null;
  const parts = [
    m.email > 0 && `e-mail to ${plural(m.email, 'other offer or buyer', 'other offers or buyers')}`,
    m.phone > 0 && `phone to ${plural(m.phone, 'other offer or buyer', 'other offers or buyers')}`,
  ].filter(Boolean);
  return reason(
    'duplicate_contact',
    w,
    `The same ${parts.join(' and the same ')} in the last ${t.duplicate_contact_days} days`,
  );
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

// Longest calling codes first, so +1 684 (American Samoa) is found before +1.
const PREFIXES = [...new Set(Object.values(COUNTRY_CODE_PHONE))].sort((a, b) => b.length - a.length);
const COUNTRIES_OF = new Map<string, string[]>();
for (const [country, prefix] of Object.entries(COUNTRY_CODE_PHONE))
  COUNTRIES_OF.set(prefix, [...(COUNTRIES_OF.get(prefix) ?? []), country]);

/** The countries an international number may belong to (+7 is both RU and KZ), or null when it has none we know. */
export function phoneCountries(phone: string | null): { prefix: string; countries: string[] } | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  const prefix = PREFIXES.find((p) => digits.startsWith(p));
  return prefix ? { prefix, countries: COUNTRIES_OF.get(prefix)! } : null;
}

export type GeoInput = { clickCountry: string | null; leadCountry: string | null; phone: string | null };

/** `geo_mismatch`: the click's country, the lead's country and the phone's calling code disagree. */
export function geoMismatchReason(g: GeoInput, w: Weights): FraudReason | null {
  const click = g.clickCountry?.toUpperCase() || null;
  const lead = g.leadCountry?.toUpperCase() || null;
  if (click && lead && click !== lead)
    return reason('geo_mismatch', w, `The click came from ${click} but the lead says ${lead}`);
  const country = lead ?? click;
  const phone = phoneCountries(g.phone);
  if (country && phone && !phone.countries.includes(country))
    return reason(
      'geo_mismatch',
      w,
      `The phone's code +${phone.prefix} is ${phone.countries.join(', ')}, not ${country}`,
    );
  return null;
}

/** One address per device: IPv4 whole, IPv6 by its /64, since a phone changes its IPv6 suffix for privacy. */
function sameDevice(a: string, b: string): boolean {
  if (isIPv4(a) && isIPv4(b)) return a === b;
  if (isIPv6(a) && isIPv6(b)) return ipv6Prefix64(a) === ipv6Prefix64(b);
  // One IPv4 and one IPv6 is a dual-stack device as often as another device: not evidence either way.
  return true;
}

/** `ip_mismatch`: the lead was sent from another IP than the click it names. */
export function ipMismatchReason(clickIp: string | null, leadIp: string | null, w: Weights): FraudReason | null {
  if (!clickIp || !leadIp) return null;
  const click = plainIp(clickIp.trim());
  const lead = plainIp(leadIp.trim());
  if (sameDevice(click, lead)) return null;
  return reason('ip_mismatch', w, `The lead came from ${lead}, the click it names from ${click}`);
}
