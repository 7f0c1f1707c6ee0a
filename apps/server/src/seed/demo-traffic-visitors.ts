import { lookupDatacenter } from '../modules/fraud/index.ts';
import { countryOf, parseAgent } from '../modules/tracking/index.ts';
import { weighted, type Rng } from './demo-traffic-random.ts';

export type Visitor = {
  ip: string;
  country: string;
  userAgent: string;
  device: string;
  os: string;
  browser: string;
  isBot: boolean;
};
type DeviceClass = 'mobile' | 'tablet' | 'desktop';

// Real user agents with rough market weights. Device, OS and browser are read from them by the server's own
// parser, so a click's fields always agree with its user agent.
const AGENTS: Record<DeviceClass, [string, number][]> = {
  mobile: [
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Mobile Safari/537.36',
      14,
    ],
    [
      'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.6312.99 Mobile Safari/537.36',
      8,
    ],
    [
      'Mozilla/5.0 (Linux; Android 12; M2101K6G) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0.6261.119 Mobile Safari/537.36',
      6,
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-A546B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36',
      6,
    ],
    ['Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0', 2],
    [
      'Mozilla/5.0 (Linux; Android 13; 2201117TG) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36 OPR/80.1.4170.72672',
      1,
    ],
    [
      'Mozilla/5.0 (Linux; Android 10; HarmonyOS; ELS-NX9; HMSCore 6.13.0.302) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.5735.196 HuaweiBrowser/14.0.5.300 Mobile Safari/537.36',
      1,
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      14,
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 16_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
      6,
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1',
      4,
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/450.0.0.38.108;FBDV/iPhone14,5;FBMD/iPhone;FBSN/iOS;FBSV/17.3;FBLC/en_US]',
      4,
    ],
  ],
  tablet: [
    [
      'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      3,
    ],
    [
      'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
      1,
    ],
  ],
  desktop: [
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
      14,
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.67',
      5,
    ],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0', 3],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Safari/537.36 OPR/109.0.0.0',
      1,
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0.0.0 YaBrowser/24.4.0.0 Safari/537.36',
      1,
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15',
      4,
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
      4,
    ],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36', 1],
  ],
};
const BOTS = [
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  'python-requests/2.31.0',
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0.0.0 Safari/537.36',
];
const agentOf = Object.fromEntries(
  Object.entries(AGENTS).map(([k, list]) => [
    k,
    weighted(
      list.map((a) => a[0]),
      list.map((a) => a[1]),
    ),
  ]),
) as Record<DeviceClass, (rng: Rng) => string>;

/** Share of mobile visitors by traffic source; the rest is mostly desktop with a few tablets. */
const MOBILE_SHARE: Record<string, number> = {
  facebook: 0.8,
  tiktok: 0.95,
  'in-app': 0.97,
  push: 0.75,
  pop: 0.6,
  native: 0.7,
  google: 0.5,
  seo: 0.45,
  email: 0.4,
  context: 0.5,
};
export const REFERRERS: Record<string, string | null> = {
  facebook: 'https://m.facebook.com/',
  tiktok: 'https://www.tiktok.com/',
  google: 'https://www.google.com/',
  seo: 'https://www.google.com/',
  context: 'https://www.bing.com/',
  native: 'https://news.example/article',
  email: null,
  push: null,
  pop: null,
  'in-app': null,
};

const BLOCKS_PER_COUNTRY = 24;

/**
 * Address blocks (/24) that the GeoIP database places in each country, found by sampling the address space with
 * the seeded generator: a visitor's IP then resolves to the country stored on the click, as for a live click. The
 * data-centre ranges must be loaded (loadDatacenterRanges), else every block counts as a home.
 */
export const ipBlocks = (countries: Iterable<string>, rng: Rng) => {
  const wanted = new Map([...countries].map((c) => [c, [] as string[]]));
  let open = wanted.size;
  for (let tries = 0; open > 0 && tries < 400_000; tries++) {
    const a = rng.int(2, 223);
    if (a === 10 || a === 100 || a === 127 || a === 169 || a === 172 || a === 192) continue;
    const block = `${a}.${rng.int(0, 255)}.${rng.int(0, 255)}`;
    const list = wanted.get(countryOf(`${block}.1`) ?? '');
    // Homes, not hosting: the demo plants its data-centre visitors itself (demo-traffic-fraud.ts).
    if (!list || list.length >= BLOCKS_PER_COUNTRY || lookupDatacenter(`${block}.1`)) continue;
    list.push(block);
    if (list.length === BLOCKS_PER_COUNTRY) open -= 1;
  }
  return wanted;
};

/** A host of one of the country's blocks that resolves to it: GeoIP ranges can be finer than a /24. */
const hostIn = (rng: Rng, list: string[], country: string) => {
  for (let i = 0; i < 5; i++) {
    const ip = `${rng.pick(list)}.${rng.int(1, 254)}`;
    if (countryOf(ip) === country) return ip;
  }
  return `${list[0]}.1`;
};

/** A new visitor from a country through a traffic source; `devices` narrows the mix to what an offer takes (mostly). */
export const newVisitor = (
  rng: Rng,
  blocks: Map<string, string[]>,
  country: string,
  source: string,
  devices: string[],
): Visitor => {
  const list = blocks.get(country);
  const ip = list?.length
    ? hostIn(rng, list, country)
    : `${rng.int(11, 99)}.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`;
  if (rng.chance(0.012)) {
    const bot = rng.pick(BOTS);
    return { ip, country, userAgent: bot, ...agentFields(bot) };
  }
  const mobile = MOBILE_SHARE[source] ?? 0.6;
  let device: DeviceClass = rng.chance(mobile) ? 'mobile' : rng.chance(0.12) ? 'tablet' : 'desktop';
  // Affiliates mostly respect an offer's device targeting; the few who don't make device_not_allowed clicks.
  if (devices.length && !devices.includes(device) && rng.chance(0.95)) device = devices[0] as DeviceClass;
  const userAgent = agentOf[device](rng);
  return { ip, country, userAgent, ...agentFields(userAgent) };
};

const agentFields = (ua: string) => {
  const a = parseAgent(ua);
  return { device: a.device, os: a.os, browser: a.browser, isBot: a.bot };
};
