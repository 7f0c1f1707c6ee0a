import geoip from 'geoip-country';
import { isbot } from 'isbot';
import { UAParser } from 'ua-parser-js';
import type { IncomingHttpHeaders } from 'node:http';
import { BROWSERS, cleanText, DEVICES, OSS, type Browser, type Device, type Os } from '@pxl/contract';

export type Visitor = { country: string | null; device: Device; os: Os; browser: Browser; bot: boolean };
type Agent = Omit<Visitor, 'country'>;

const OS_OF: Record<string, Os> = {
  android: 'android',
  ios: 'ios',
  'mac os': 'mac-os',
  macos: 'mac-os',
  windows: 'windows',
  harmonyos: 'huawei',
};
const BROWSER_OF: Record<string, Browser> = {
  chrome: 'chrome',
  'mobile chrome': 'chrome',
  'chrome webview': 'chrome',
  'chrome headless': 'chrome',
  safari: 'safari',
  'mobile safari': 'safari',
  firefox: 'firefox',
  'mobile firefox': 'firefox',
  edge: 'edge',
  opera: 'opera',
  'opera mobi': 'opera',
  'samsung internet': 'samsung',
  yandex: 'yandex',
  ucbrowser: 'uc-browser',
  'uc browser': 'uc-browser',
};
const pick = <T extends string>(list: readonly T[], value: string | undefined, fallback: T): T =>
  list.includes(value as T) ? (value as T) : fallback;

/** User agents repeat a lot and parsing one costs ~50 µs: the click path keeps the last few thousand. */
const agents = new Map<string, Agent>();
const AGENT_CACHE = 5000;

export const parseAgent = (ua: string): Agent => {
  const hit = agents.get(ua);
  if (hit) return hit;
  const r = new UAParser(ua).getResult();
  const device: Device = r.device.type === 'mobile' ? 'mobile' : r.device.type === 'tablet' ? 'tablet' : 'desktop';
  const agent: Agent = {
    device: pick(DEVICES, device, 'desktop'),
    os: pick(OSS, OS_OF[(r.os.name ?? '').toLowerCase()], 'other-os'),
    browser: pick(BROWSERS, BROWSER_OF[(r.browser.name ?? '').toLowerCase()], 'other-browser'),
    bot: ua === '' || isbot(ua),
  };
  if (agents.size >= AGENT_CACHE) agents.delete(agents.keys().next().value!);
  agents.set(ua, agent);
  return agent;
};

/** Country from the GeoLite2 data shipped in the geoip-country package (no download at run time). */
export const countryOf = (ip: string): string | null => geoip.lookup(ip)?.country ?? null;

export const visitorOf = (ip: string, userAgent: string): Visitor => ({
  country: countryOf(ip),
  ...parseAgent(userAgent),
});

/**
 * How much of the visitor's own text a click keeps (decision 013): subs as the lead API bounds them, an address
 * (a forwarded one is whatever the proxy passed on), agent and referrer as the click log shows them.
 */
export const VISITOR_TEXT_MAX = { sub: 200, ip: 64, userAgent: 500, referrer: 500 } as const;

/** The visitor's address and headers cleaned for storing: a redirect never fails on them, nor does the click's batch. */
export const visitorTextOf = (ip: string, headers: IncomingHttpHeaders) => ({
  ip: cleanText(ip, VISITOR_TEXT_MAX.ip),
  userAgent: cleanText(headers['user-agent'], VISITOR_TEXT_MAX.userAgent),
  referrer: cleanText(headers.referer, VISITOR_TEXT_MAX.referrer) || null,
});
