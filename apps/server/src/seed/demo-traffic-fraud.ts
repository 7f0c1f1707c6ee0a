import { FRAUD_SIGNAL_LABELS, resolveFraudSettings, type FraudReason, type FraudSettings } from '@pxl/contract';
import type { Db } from '../db/client.ts';
import { offers } from '../db/schema.ts';
import {
  botAgentReason,
  clickAction,
  conversionAction,
  ctitReason,
  datacenterIpReason,
  geoMismatchReason,
  getFraudSettings,
  ipMismatchReason,
  ipVelocityReason,
  loadDatacenterRanges,
  lookupDatacenter,
  VelocityCounter,
  verdictOf,
} from '../modules/fraud/index.ts';
import { countryOf, type ClickRow } from '../modules/tracking/index.ts';
import type { Rng } from './demo-traffic-random.ts';

// The demo's bad traffic (docs/product/fraud.md, "In the demo"): a few percent of each pattern of
// docs/product/fraud.md, and every click, lead and conversion scored by the engine's own signal functions on the
// offer's settings, as the live paths score them. Its choices draw from a random stream of their own, so the rest
// of the demo stays the same traffic.

/** How often each pattern is planted. */
export const DEMO_FRAUD = {
  /** A new visitor comes from a hosting or cloud network. */
  cloudVisitor: 0.02,
  /** A click is followed by a burst of 35–45 clicks from its address within a minute (per click: ~2 % of clicks). */
  burst: 0.0005,
  /** A lead is sent from another address than its click's, from a cloud address, or says another country. */
  leadOtherIp: 0.03,
  leadCloud: 0.02,
  leadOtherCountry: 0.03,
  /** A sale or FTD seconds after its click (injection), or 31–45 days after it (flooding): one sale in 25 and in 33. */
  ctitShort: 0.04,
  ctitLong: 0.03,
  /** A lead carries the e-mail or phone of a lead of another offer from the last days (demo-leads.ts). */
  duplicate: 0.03,
} as const;

const CLOUD_HOSTS_PER_COUNTRY = 6;
const DAY_MS = 86_400_000;

type Owed = { sales: number; short: boolean; long: boolean };
const noneOwed = (): Owed => ({ sales: 0, short: false, long: false });

export type DemoFraud = {
  rng: Rng;
  /** The velocity counter reads this clock: the time of the click being generated. */
  clock: { now: number };
  velocity: VelocityCounter;
  clouds: Map<string, string[]>;
  settingsOf: (offerId: string) => FraudSettings;
  /** bot_agent by user agent: the demo repeats a few dozen agents. */
  agents: Map<string, FraudReason | null>;
  /** Sales so far and the plants owed: the network's, and each of the offers whose own settings act on conversions. */
  owed: Owed;
  acting: Map<string, Owed>;
};

/** Addresses of hosting networks that GeoIP places in each country, found by sampling like the demo's own blocks. */
const cloudHosts = (countries: Iterable<string>, rng: Rng) => {
  const wanted = new Map([...countries].map((c) => [c, [] as string[]]));
  let open = wanted.size;
  for (let tries = 0; open > 0 && tries < 100_000; tries++) {
    const ip = `${rng.int(2, 223)}.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`;
    // The range lookup first: it is the cheaper of the two, and most addresses are not hosting.
    if (!lookupDatacenter(ip)) continue;
    const list = wanted.get(countryOf(ip) ?? '');
    if (!list || list.length >= CLOUD_HOSTS_PER_COUNTRY) continue;
    list.push(ip);
    if (list.length === CLOUD_HOSTS_PER_COUNTRY) open -= 1;
  }
  return wanted;
};

/** The network's fraud settings with each offer's own over them, the data-centre ranges loaded, cloud addresses found. */
export const loadDemoFraud = async (db: Db, rng: Rng, countries: Iterable<string>): Promise<DemoFraud> => {
  await loadDatacenterRanges();
  const network = await getFraudSettings(db);
  const rows = await db.select({ id: offers.id, own: offers.fraudSettings }).from(offers);
  const clock = { now: 0 };
  const settings = new Map(
    rows.map((o) => [o.id, resolveFraudSettings(network, o.own as Parameters<typeof resolveFraudSettings>[1])]),
  );
  return {
    rng,
    clock,
    velocity: new VelocityCounter(() => clock.now),
    clouds: cloudHosts(countries, rng),
    settingsOf: (id) => settings.get(id) ?? network,
    agents: new Map(),
    owed: noneOwed(),
    acting: new Map(
      [...settings]
        .filter(([, s]) => s.actions.hold_conversion_at !== null || s.actions.reject_conversion_at !== null)
        .map(([id]) => [id, noneOwed()]),
    ),
  };
};

/** A cloud address in the visitor's country, now and then; else the visitor's own. */
export const visitorIp = (f: DemoFraud, ip: string, country: string) => {
  const list = f.clouds.get(country);
  return list?.length && f.rng.chance(DEMO_FRAUD.cloudVisitor) ? f.rng.pick(list) : ip;
};

/** The click's verdict as the click path makes it: data-centre address, user agent, velocity at the click's time. */
export const scoreClick = (f: DemoFraud, row: ClickRow) => {
  const s = f.settingsOf(row.offerId);
  f.clock.now = row.createdAt.getTime();
  const ua = row.userAgent ?? null;
  if (ua !== null && !f.agents.has(ua)) f.agents.set(ua, botAgentReason(ua, s.weights));
  const reasons = [
    datacenterIpReason(row.ip ?? null, 'click', s.weights),
    ua === null ? null : f.agents.get(ua)!,
    row.ip
      ? ipVelocityReason(f.velocity.hit(row.ip, row.offerId, row.affiliateId ?? ''), s.thresholds, s.weights)
      : null,
  ].filter((r): r is FraudReason => r !== null);
  const { fraud_score, fraud_reasons } = verdictOf(reasons);
  row.fraudScore = fraud_score;
  row.fraudReasons = fraud_reasons;
  row.fraudFlagged = clickAction(s, fraud_score, row.affiliateId ?? null) !== null;
};

/** Times of a burst after a click at `at`: 35–45 clicks, 100 ms to 1.5 s apart, before `now`. */
export const burstTimes = (f: DemoFraud, at: number, now: number): number[] => {
  if (!f.rng.chance(DEMO_FRAUD.burst)) return [];
  const out: number[] = [];
  for (let k = f.rng.int(35, 45), t = at; k > 0; k--) {
    t += f.rng.int(100, 1500);
    if (t >= now) break;
    out.push(t);
  }
  return out;
};

/**
 * Where a lead comes from and what it says: mostly the click's address and country, some from another address
 * (`blocks`: the demo's home addresses of the country), a cloud one, or another of the offer's countries.
 */
export const leadOrigin = (
  f: DemoFraud,
  click: { ip: string | null; country: string | null },
  geos: string[],
  blocks: Map<string, string[]>,
) => {
  let { ip, country } = click;
  const home = country ? blocks.get(country) : undefined;
  const clouds = country ? f.clouds.get(country) : undefined;
  const r = f.rng.next();
  if (r < DEMO_FRAUD.leadOtherIp && home?.length) ip = `${f.rng.pick(home)}.${f.rng.int(1, 254)}`;
  else if (r < DEMO_FRAUD.leadOtherIp + DEMO_FRAUD.leadCloud && clouds?.length) ip = f.rng.pick(clouds);
  const others = geos.filter((g) => g !== country);
  if (others.length && f.rng.chance(DEMO_FRAUD.leadOtherCountry)) country = f.rng.pick(others);
  return { ip, country };
};

/** The lead's verdict as the lead API makes it (the phone is of the lead's country: demo-leads.ts), the click's reasons merged. */
export const scoreLead = (
  s: FraudSettings,
  click: { ip: string | null; country: string | null; reasons: FraudReason[] },
  lead: { ip: string | null; country: string | null },
) =>
  verdictOf(
    [
      datacenterIpReason(lead.ip, 'lead', s.weights),
      geoMismatchReason({ clickCountry: click.country, leadCountry: lead.country, phone: null }, s.weights),
      ipMismatchReason(click.ip, lead.ip, s.weights),
    ].filter((r): r is FraudReason => r !== null),
    click.reasons,
  );

const owe = (o: Owed, shortEvery: number, longEvery: number) => {
  o.sales += 1;
  if (o.sales % shortEvery === 0) o.short = true;
  if (o.sales % longEvery === 0) o.long = true;
};

/**
 * A sale or FTD sooner (when `short` may be) or later than a person converts, else `delay`. The plants are owed at
 * their rates (DEMO_FRAUD) and taken by the next sale that allows them, rather than drawn: a 20,000-click seed has a
 * few hundred sales, where chance alone left a signal out on some days. An offer whose own settings act on
 * conversions is owed one of each every fourth sale besides, so its holds and rejects show at any volume.
 */
export const plantedDelay = (
  f: DemoFraud,
  c: { offerId: string; goal: string; clickAt: number },
  now: number,
  delay: number,
  short: boolean,
) => {
  if (c.goal !== 'sale' && c.goal !== 'ftd') return delay;
  const old = now - c.clickAt > 32 * DAY_MS;
  owe(f.owed, Math.round(1 / DEMO_FRAUD.ctitShort), Math.round(1 / DEMO_FRAUD.ctitLong));
  const offer = f.acting.get(c.offerId);
  if (offer) owe(offer, 4, 4);
  for (const o of offer ? [offer, f.owed] : [f.owed]) {
    if (o.short && short) {
      o.short = false;
      // Never after now: a click of the last seconds converts at once.
      return Math.min(f.rng.int(1_000, 8_000), now - c.clickAt);
    }
    if (o.long && old) {
      o.long = false;
      return f.rng.int(31 * DAY_MS, Math.min(45 * DAY_MS, now - c.clickAt - DAY_MS));
    }
  }
  return delay;
};

/** The conversion's verdict (its CTIT, its click's and lead's reasons) and the action the offer's settings take. */
export const scoreConversion = (
  f: DemoFraud,
  c: { offerId: string; affiliateId: string; goal: string; clickAt: number; at: number },
  inherited: (FraudReason[] | null)[],
) => {
  const s = f.settingsOf(c.offerId);
  const ctit = ctitReason(
    { clickAt: new Date(c.clickAt), convertedAt: new Date(c.at), goal: c.goal },
    s.thresholds,
    s.weights,
  );
  const verdict = verdictOf(ctit && [ctit], ...inherited);
  const action = conversionAction(s, verdict.fraud_score, c.affiliateId);
  return { ...verdict, action: action === 'hold' || action === 'reject' ? action : null };
};

/** The history reason of an automatic action, worded as the postback path words it. */
export const actionReason = (action: 'hold' | 'reject', score: number, reasons: FraudReason[]) =>
  `${action === 'hold' ? 'Held' : 'Rejected'} for traffic quality (score ${score}; sent as pending). ` +
  reasons.map((r) => `${FRAUD_SIGNAL_LABELS[r.code]}: ${r.detail}`).join('; ');
