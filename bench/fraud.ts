// `npm run bench:fraud`: labelled traffic through the real click link, inbound postback and lead API of a server
// built as the other benches build it (demo network, embedded PostgreSQL). Clean traffic is shaped like the demo's:
// ordinary browsers, addresses the data-centre dataset does not know, each in the country of its GeoIP, a few clicks
// per address seconds apart, conversions minutes to days after their clicks, one contact per person. Each pattern of
// docs/product/fraud.md is injected apart. The verdicts are read back from the database: a pattern is caught when
// its reason is in the stored fraud_reasons, flagged when the score reaches the network's flag_at.
// Targets: at least 95 % of each pattern caught, at most 1 % of clean clicks and of clean conversions flagged.
//
// The server sees the client address through X-Forwarded-For (TRUST_PROXY=1, as behind one proxy). A conversion
// minutes to days after its click is made by moving the stored click's created_at back in SQL just before the
// postback (the server reads the click's time from its row); so are the 31–60-day clicks of ctit_long.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_FRAUD_SETTINGS, type FraudReason } from '@pxl/contract';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/config.ts';
import type { Db } from '../apps/server/src/db/client.ts';
import { clicks, conversions, leads, offerProducts, offers, users } from '../apps/server/src/db/schema.ts';
import { newToken } from '../apps/server/src/lib/tokens.ts';
import { postbackTokenColumns } from '../apps/server/src/modules/advertisers/index.ts';
import { getFraudSettings, loadDatacenterRanges, lookupDatacenter } from '../apps/server/src/modules/fraud/index.ts';
import { countryOf } from '../apps/server/src/modules/tracking/index.ts';
import { demoPartners, post, sandboxBuyer, testedProducts } from './lead-setup.ts';
import { withDemoDatabase } from './lib.ts';

const SCALE = Number(process.env.BENCH_FRAUD_SCALE ?? 1);
const n = (x: number) => Math.max(4, Math.round(x * SCALE));
const GEOS = ['DE', 'AT', 'PL', 'GB'] as const;
type Geo = (typeof GEOS)[number];
const PHONE: Record<Geo, string> = { DE: '49151', AT: '43664', PL: '48501', GB: '447700' };

// A fixed seed: two runs send the same traffic.
let seed = 29;
const rand = () => {
  // mulberry32
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
};
const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// The demo's browsers (apps/server/src/seed/demo-traffic-visitors.ts), mobile and desktop.
const BROWSERS = [
  'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Mobile Safari/537.36',
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.6312.99 Mobile Safari/537.36',
  'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-A546B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/450.0.0.38.108;FBDV/iPhone14,5;FBMD/iPhone;FBSN/iOS;FBSV/17.3;FBLC/en_US]',
  'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.67',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15',
];
// Crawlers, scripts and remote-controlled browsers.
const BOTS = [
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  'python-requests/2.31.0',
  'curl/8.5.0',
  'Go-http-client/1.1',
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Unknown; Linux x86_64) AppleWebKit/538.1 (KHTML, like Gecko) PhantomJS/2.1.1 Safari/538.1',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Puppeteer',
];

/** Addresses GeoIP places in the country: `cloud` ones the data-centre dataset names, the others it does not know. */
const addresses = (country: Geo, count: number, cloud: boolean) => {
  const out = new Set<string>();
  for (let tries = 0; out.size < count && tries < 5_000_000; tries++) {
    const ip = `${int(2, 223)}.${int(0, 255)}.${int(0, 255)}.${int(1, 254)}`;
    if (countryOf(ip) === country && (lookupDatacenter(ip) !== null) === cloud) out.add(ip);
  }
  if (out.size < count) throw new Error(`only ${out.size} ${cloud ? 'cloud' : 'other'} addresses found in ${country}`);
  return [...out];
};

/** Runs `fn` over `items`, `limit` at a time. */
const pool = async <T>(items: T[], limit: number, fn: (item: T, i: number) => Promise<void>) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i]!, i);
      }
    }),
  );
};

type Offer = typeof offers.$inferSelect;
const GOALS = [
  { goal: 'registration', payment_type: 'cpl', revenue: 500, payout: 300, payout_percent: 0, geo_rates: [] },
  { goal: 'ftd', payment_type: 'cpa', revenue: 50000, payout: 40000, payout_percent: 0, geo_rates: [] },
];

const makeOffer = async (db: Db, title: string, type: 'direct_link' | 'api', advertiserId: string) =>
  (
    await db
      .insert(offers)
      .values({
        type,
        title,
        vertical: 'crypto',
        status: 'active',
        privacy: 'public',
        currency: 'EUR',
        geos: [...GEOS],
        advertiserId,
        trackingUrl: 'https://offer.example/?c={click_id}',
        goals: GOALS as Offer['goals'],
      })
      .returning()
  )[0]!;

await withDemoDatabase(async (db) => {
  const config = loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '1', LEAD_API_RATE_PER_MINUTE: '1000000' });
  const { app, services } = await buildApp({
    db,
    config,
    distDir: '/nonexistent',
    secretKey: 'bench-secret-key-0123456789',
    // BENCH_DEBUG=1 prints the server's errors.
    ...(process.env.BENCH_DEBUG && { logger: { level: 'error' } }),
  });
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const partners = await demoPartners(db, appUrl);
  const affiliateId = partners.affiliate.id;
  const token = newToken();
  await db.update(users).set(postbackTokenColumns(token)).where(eq(users.id, partners.advertiser.id));
  const clickOffer = await makeOffer(db, 'Fraud bench: click offer', 'direct_link', partners.advertiser.id);
  const leadOffers: Offer[] = [];
  for (const name of ['A', 'B']) {
    const offer = await makeOffer(db, `Fraud bench: lead offer ${name}`, 'api', partners.advertiser.id);
    const [product] = await testedProducts(db, appUrl, partners, [sandboxBuyer(`Fraud bench ${name}`)]);
    await db.insert(offerProducts).values({ offerId: offer.id, productId: product!, priority: 1, weight: 100 });
    leadOffers.push(offer);
  }
  const offerIds = [clickOffer.id, ...leadOffers.map((o) => o.id)];

  const t0 = performance.now();
  // The dataset is read once per process (the server's lookups answer null until then).
  await loadDatacenterRanges();
  // Enough addresses for every visitor of the run; cloud ones for datacenter_ip.
  const homes = new Map(GEOS.map((g) => [g, addresses(g, n(900), false)]));
  const clouds = GEOS.flatMap((g) => addresses(g, n(40), true));
  const used = new Set<string>();
  const home = (g: Geo) => {
    const list = homes.get(g)!;
    for (;;) {
      const ip = list.pop();
      if (!ip) throw new Error(`out of addresses in ${g}`);
      if (!used.has(ip)) return (used.add(ip), ip);
    }
  };
  console.log(`addresses picked in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  /** One click; its id when the visitor was sent on (the click's cookie carries it). */
  const click = async (offer: Offer, ip: string, ua: string, label: string, i: number) => {
    const res = await fetch(`${appUrl}/click/${offer.number}?aff=${affiliateId}&sub1=${label}&sub2=${i}`, {
      redirect: 'manual',
      headers: { 'user-agent': ua, 'x-forwarded-for': ip },
    });
    await res.arrayBuffer();
    const m = (res.headers.get('set-cookie') ?? '').match(/pxl_c\d+=([0-9a-f-]{36})/);
    return m ? m[1]! : null;
  };
  const drain = () => services.clicks.writer.drain();
  /** Moves a stored click back in time, so its conversion comes `ms` after it. */
  const backdate = (clickId: string, ms: number) =>
    db.execute(
      sql`update clicks set created_at = now() - make_interval(secs => ${ms / 1000}) where id = ${clickId}::uuid`,
    );
  let txid = 0;
  const postback = async (clickId: string, goal: string) => {
    const res = await fetch(
      `${appUrl}/postback?click_id=${clickId}&goal=${goal}&txid=fb${txid++}&token=${token}&status=pending`,
    );
    const json = (await res.json()) as { data: { conversion_id: string } | null; error: unknown };
    if (res.ok && json.data) return json.data.conversion_id;
    refusals.push(`postback: HTTP ${res.status} ${JSON.stringify(json.error)}`);
    return null;
  };
  const refusals: string[] = [];
  let person = 0;
  const contact = (g: Geo) => {
    person++;
    const digits = String(10_000_000 + person * 7919).slice(-8);
    return { email: `fb${person}.${digits}@example.com`, phone: `+${PHONE[g]}${digits}` };
  };
  /** The lead's id, or null when the lead API refused it (the refusals are printed). */
  const lead = async (
    offer: Offer,
    clickId: string | null,
    p: { ip: string; country: Geo; email: string; phone: string },
  ) => {
    try {
      const body = { offer_id: offer.number, first_name: 'Bench', last_name: `Person ${person}`, ...p };
      const answer = await post(`${appUrl}/api/lead/v1/create`, clickId ? { ...body, click_id: clickId } : body, {
        'x-api-key': partners.key,
      });
      return answer.lead_id as string;
    } catch (err) {
      refusals.push((err as Error).message);
      return null;
    }
  };

  // What each label's records are: click ids by sub1, and lead and conversion ids kept here.
  const leadIds = new Map<string, string[]>();
  const conversionIds = new Map<string, string[]>();
  const sentOf = new Map<string, number>();
  const count = (label: string) => sentOf.set(label, (sentOf.get(label) ?? 0) + 1);
  /** Counts a lead or conversion sent under `label`, and keeps its id when it was stored. */
  const keep = (m: Map<string, string[]>, label: string, id: string | null) => {
    count(`${m === leadIds ? 'lead' : 'conversion'} ${label}`);
    if (id) m.set(label, [...(m.get(label) ?? []), id]);
  };

  // ---- Clean clicks: each visitor makes one to three clicks, a round of clicks at least a second after the last.
  type Visitor = { ip: string; geo: Geo; ua: string; clicks: (string | null)[] };
  const visitors: Visitor[] = Array.from({ length: n(700) }, () => {
    const geo = pick(GEOS);
    return { ip: home(geo), geo, ua: pick(BROWSERS), clicks: [] };
  });
  let cleanSent = 0;
  for (let round = 0; round < 3; round++) {
    const started = Date.now();
    const these = visitors.filter((_, i) => round === 0 || (i * 7 + round) % 3 !== 0);
    await pool(these, 16, async (v) => {
      // Mostly the click offer; some on the lead offers, as affiliates send both.
      const offer = rand() < 0.7 ? clickOffer : pick(leadOffers);
      const id = await click(offer, v.ip, v.ua, 'clean', cleanSent++);
      if (offer === clickOffer) v.clicks.push(id);
    });
    await sleep(Math.max(0, 1000 - (Date.now() - started)));
  }

  // ---- Clean leads: a click on a lead offer, then the lead from the same address and country.
  const leadVisitors = Array.from({ length: n(300) }, (_, i) => {
    const geo = pick(GEOS);
    // Two in three to offer A, whose contacts duplicate_contact sends again to offer B.
    const offer = leadOffers[i % 3 === 2 ? 1 : 0]!;
    return { ip: home(geo), geo, ua: pick(BROWSERS), offer, id: null as string | null, ...contact(geo) };
  });
  await pool(leadVisitors, 16, async (v) => {
    v.id = await click(v.offer, v.ip, v.ua, 'clean', cleanSent++);
  });

  // ---- Patterns on clicks.
  // bot_agent: crawlers and headless browsers from ordinary addresses.
  await pool(
    Array.from({ length: n(100) }, (_, i) => i),
    16,
    async (i) => {
      const geo = pick(GEOS);
      await click(clickOffer, home(geo), BOTS[i % BOTS.length]!, 'bot_agent', i);
      count('bot_agent');
    },
  );
  // datacenter_ip: ordinary browsers from cloud addresses; half of them send a lead from that address too.
  const cloudClicks: { ip: string; geo: Geo; id: string | null }[] = [];
  await pool(clouds.slice(0, n(100)), 16, async (ip, i) => {
    const lead = i % 2 === 1;
    const id = await click(lead ? leadOffers[0]! : clickOffer, ip, pick(BROWSERS), 'datacenter_ip', i);
    count('datacenter_ip');
    if (lead) cloudClicks.push({ ip, geo: countryOf(ip) as Geo, id });
  });
  // ip_velocity over the limit: a few addresses each click one offer 45 times, 350 ms apart (no gap rule); the
  // clicks past the 30th of the minute are the pattern, the first 30 are not labelled.
  const limit = DEFAULT_FRAUD_SETTINGS.thresholds.velocity_per_offer_minute;
  const burstIps = Array.from({ length: n(6) }, () => home(pick(GEOS)));
  await Promise.all(
    burstIps.map(async (ip, b) => {
      const ua = pick(BROWSERS);
      for (let k = 1; k <= limit + 15; k++) {
        const over = k > limit;
        await click(clickOffer, ip, ua, over ? 'ip_velocity_burst' : 'burst_warmup', b * 100 + k);
        if (over) count('ip_velocity_burst');
        await sleep(350);
      }
    }),
  );
  // ip_velocity by the gap: two clicks from one address on one offer 50 ms apart; the second is the pattern.
  await pool(
    Array.from({ length: n(100) }, (_, i) => i),
    8,
    async (i) => {
      const ip = home(pick(GEOS));
      const ua = pick(BROWSERS);
      await click(clickOffer, ip, ua, 'gap_first', i);
      await sleep(50);
      await click(clickOffer, ip, ua, 'ip_velocity_gap', i);
      count('ip_velocity_gap');
    },
  );
  // Clicks for the conversion patterns: ordinary visitors whose conversions come too soon or too late.
  const ctitVisitors = (label: string) =>
    Promise.all(
      Array.from({ length: n(100) }, async (_, i) => {
        await sleep(i * 20);
        return click(clickOffer, home(pick(GEOS)), pick(BROWSERS), label, i);
      }),
    );
  const shortClicks = await ctitVisitors('ctit_short');
  const longClicks = await ctitVisitors('ctit_long');
  // Clicks for the lead patterns.
  const leadPattern = (label: string, geoOf: (i: number) => Geo = () => pick(GEOS)) =>
    Promise.all(
      Array.from({ length: n(100) }, async (_, i) => {
        await sleep(i * 20);
        const geo = geoOf(i);
        const ip = home(geo);
        return { ip, geo, id: await click(leadOffers[1]!, ip, pick(BROWSERS), label, i) };
      }),
    );
  // duplicate_contact reuses the contacts of clean leads of offer A, one each, from their country.
  const fromA = leadVisitors.filter((v) => v.offer === leadOffers[0]);
  const dupClicks = await leadPattern('duplicate_contact', (i) => fromA[i]!.geo);
  const geoClicks = await leadPattern('geo_mismatch');
  const ipClicks = await leadPattern('ip_mismatch');
  await drain();

  // ---- Leads (the clicks they name are stored now).
  await pool(leadVisitors, 8, async (v) => {
    keep(leadIds, 'clean', await lead(v.offer, v.id, { ip: v.ip, country: v.geo, email: v.email, phone: v.phone }));
  });
  await pool(cloudClicks, 8, async (v) => {
    keep(leadIds, 'datacenter_ip', await lead(leadOffers[0]!, v.id, { ip: v.ip, country: v.geo, ...contact(v.geo) }));
  });
  // duplicate_contact: the e-mail (or the phone) of a clean lead of offer A, now to offer B.
  await pool(dupClicks, 8, async (v, i) => {
    const old = fromA[i]!;
    const fresh = contact(old.geo);
    const c = i % 2 ? { email: old.email, phone: fresh.phone } : { email: fresh.email, phone: old.phone };
    keep(leadIds, 'duplicate_contact', await lead(leadOffers[1]!, v.id, { ip: v.ip, country: old.geo, ...c }));
  });
  // geo_mismatch: the lead says another country than the click's (its phone is of the country it says; a phone of
  // a third country cannot be sent: the lead API refuses a phone whose code is not the lead country's).
  await pool(geoClicks, 8, async (v) => {
    const other = pick(GEOS.filter((g) => g !== v.geo));
    keep(leadIds, 'geo_mismatch', await lead(leadOffers[1]!, v.id, { ip: v.ip, country: other, ...contact(other) }));
  });
  // ip_mismatch: the lead comes from another address of the same country.
  await pool(ipClicks, 8, async (v) => {
    keep(
      leadIds,
      'ip_mismatch',
      await lead(leadOffers[1]!, v.id, { ip: home(v.geo), country: v.geo, ...contact(v.geo) }),
    );
  });

  // ---- Conversions. Clean: about half the clean visitors of the click offer convert, a registration minutes to
  // hours after the click and some an FTD hours to days after it (log-uniform delays).
  const logUniform = (lo: number, hi: number) => Math.exp(Math.log(lo) + rand() * (Math.log(hi) - Math.log(lo)));
  const converting = visitors.flatMap((v) => v.clicks).filter((id): id is string => id !== null && rand() < 0.5);
  await pool(converting, 8, async (id) => {
    const ftd = rand() < 0.4;
    await backdate(id, ftd ? logUniform(15 * 60_000, 5 * 86_400_000) : logUniform(60_000, 6 * 3_600_000));
    keep(conversionIds, 'clean', await postback(id, ftd ? 'ftd' : 'registration'));
  });
  // ctit_short: an FTD 0–8 s after its click (injection).
  await pool(
    shortClicks.filter((id) => id !== null),
    8,
    async (id) => {
      await backdate(id, rand() * 8000);
      keep(conversionIds, 'ctit_short', await postback(id, 'ftd'));
    },
  );
  // ctit_long: an FTD 31–60 days after its click (flooding: a click planted long before).
  await pool(
    longClicks.filter((id) => id !== null),
    8,
    async (id) => {
      await backdate(id, logUniform(31 * 86_400_000, 60 * 86_400_000));
      keep(conversionIds, 'ctit_long', await postback(id, 'ftd'));
    },
  );
  await drain();

  // ---- Verdicts, read back. Scoring may finish after the answer (a writer's batch): wait for it a while.
  const settings = await getFraudSettings(db);
  const flagAt = settings.actions.flag_at ?? 101;
  type Verdict = { label: string; score: number | null; reasons: FraudReason[] | null };
  const readClicks = () =>
    db
      .select({ label: clicks.sub1, score: clicks.fraudScore, reasons: clicks.fraudReasons })
      .from(clicks)
      .where(and(inArray(clicks.offerId, offerIds), eq(clicks.affiliateId, affiliateId))) as Promise<Verdict[]>;
  const readRows = async (table: typeof leads | typeof conversions, ids: Map<string, string[]>) => {
    const label = new Map([...ids].flatMap(([l, list]) => list.map((id) => [id, l] as const)));
    if (!label.size) return [];
    const rows = await db
      .select({ id: table.id, score: table.fraudScore, reasons: table.fraudReasons })
      .from(table)
      .where(inArray(table.id, [...label.keys()]));
    return rows.map((r) => ({ label: label.get(r.id)!, score: r.score, reasons: r.reasons as FraudReason[] | null }));
  };
  let clickRows: Verdict[] = [];
  let leadRows: Verdict[] = [];
  let conversionRows: Verdict[] = [];
  for (const deadline = Date.now() + 15_000; ; await sleep(500)) {
    [clickRows, leadRows, conversionRows] = await Promise.all([
      readClicks(),
      readRows(leads, leadIds),
      readRows(conversions, conversionIds),
    ]);
    const unscored = [...clickRows, ...leadRows, ...conversionRows].filter((r) => r.score === null).length;
    if (!unscored || Date.now() > deadline) break;
  }

  type Row = { what: string; on: string; sent: number; scored: number; caught: number; flagged: number };
  const tally = (what: string, on: string, rows: Verdict[], code: string | null, label: string): Row => ({
    what,
    on,
    sent:
      on === 'click' ? (label === 'clean' ? cleanSent : (sentOf.get(label) ?? 0)) : (sentOf.get(`${on} ${label}`) ?? 0),
    scored: rows.filter((r) => r.score !== null).length,
    caught: code ? rows.filter((r) => r.reasons?.some((x) => x.code === code)).length : 0,
    flagged: rows.filter((r) => (r.score ?? 0) >= flagAt).length,
  });
  const of = (rows: Verdict[], label: string) => rows.filter((r) => r.label === label);
  const patterns: Row[] = [
    tally('ctit_short', 'conversion', of(conversionRows, 'ctit_short'), 'ctit_short', 'ctit_short'),
    tally('ctit_long', 'conversion', of(conversionRows, 'ctit_long'), 'ctit_long', 'ctit_long'),
    tally('datacenter_ip', 'click', of(clickRows, 'datacenter_ip'), 'datacenter_ip', 'datacenter_ip'),
    tally('datacenter_ip', 'lead', of(leadRows, 'datacenter_ip'), 'datacenter_ip', 'datacenter_ip'),
    tally('bot_agent', 'click', of(clickRows, 'bot_agent'), 'bot_agent', 'bot_agent'),
    tally(
      'ip_velocity (over the limit)',
      'click',
      of(clickRows, 'ip_velocity_burst'),
      'ip_velocity',
      'ip_velocity_burst',
    ),
    tally('ip_velocity (min gap)', 'click', of(clickRows, 'ip_velocity_gap'), 'ip_velocity', 'ip_velocity_gap'),
    tally('duplicate_contact', 'lead', of(leadRows, 'duplicate_contact'), 'duplicate_contact', 'duplicate_contact'),
    tally('geo_mismatch', 'lead', of(leadRows, 'geo_mismatch'), 'geo_mismatch', 'geo_mismatch'),
    tally('ip_mismatch', 'lead', of(leadRows, 'ip_mismatch'), 'ip_mismatch', 'ip_mismatch'),
  ];
  const clean: Row[] = [
    tally('clean', 'click', of(clickRows, 'clean'), null, 'clean'),
    tally('clean', 'lead', of(leadRows, 'clean'), null, 'clean'),
    tally('clean', 'conversion', of(conversionRows, 'clean'), null, 'clean'),
  ];
  const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)} %` : '—');
  const { cpus, loadavg } = await import('node:os');
  console.log(
    `machine: ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; flag_at ${settings.actions.flag_at}`,
  );
  console.log('| pattern | on | sent | scored | caught (its reason) | flagged (score ≥ flag_at) |');
  console.log('|---|---|---|---|---|---|');
  for (const r of patterns)
    console.log(
      `| ${r.what} | ${r.on} | ${r.sent} | ${r.scored} | ${r.caught} (${pct(r.caught, r.sent)}) | ${r.flagged} (${pct(r.flagged, r.sent)}) |`,
    );
  for (const r of clean)
    console.log(`| clean | ${r.on} | ${r.sent} | ${r.scored} | — | ${r.flagged} (${pct(r.flagged, r.sent)}) |`);
  // Which signals fired on clean traffic, to see why.
  const falsePositives = new Map<string, number>();
  for (const r of [...of(clickRows, 'clean'), ...of(leadRows, 'clean'), ...of(conversionRows, 'clean')])
    for (const x of r.reasons ?? []) falsePositives.set(x.code, (falsePositives.get(x.code) ?? 0) + 1);
  if (refusals.length)
    console.log(`${refusals.length} leads or postbacks refused, first: ${refusals.slice(0, 3).join(' | ')}`);
  console.log(`reasons on clean records: ${JSON.stringify(Object.fromEntries(falsePositives))}`);

  const missed = [
    ...patterns
      .filter((r) => r.sent === 0 || r.caught < 0.95 * r.sent)
      .map((r) => `${r.what} on ${r.on}: caught ${pct(r.caught, r.sent)}`),
    ...clean
      .filter((r) => r.on !== 'lead' && (r.sent === 0 || r.flagged > 0.01 * r.sent))
      .map((r) => `clean ${r.on}s: flagged ${pct(r.flagged, r.sent)}`),
  ];
  await app.close();
  if (missed.length) {
    console.log(`targets missed: ${missed.join('; ')}`);
    process.exitCode = 1;
  } else console.log('targets met: ≥ 95 % of each pattern caught, ≤ 1 % of clean clicks and conversions flagged');
});
