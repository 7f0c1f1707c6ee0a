import pg from 'pg';
import { resolveFraudSettings, type FraudSettings, type TrafficbackSettings } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { getFraudSettings } from '../fraud/index.ts';
import { generalSettings } from '../settings/index.ts';
import { capFills } from '../offers/index.ts';
import { trafficbackSettings } from '../tracking-settings/index.ts';
import { loadClickAffiliate, loadClickOffer, type ClickAffiliate, type ClickOffer } from './click-config.ts';

/** `fraud`: the network's fraud settings (Settings › Fraud); a change notifies like any settings section. */
type Env = { trafficback: TrafficbackSettings; timeZone: string; fraud: FraudSettings };
export type CachedOffer = ClickOffer & {
  fills: Map<string, number>;
  period: (period: string, now?: number) => string;
  /** The network's fraud settings with the offer's own values over them, resolved once per load, not per click. */
  fraud: FraudSettings;
};
/** A changed table (the NOTIFY payload), or null when the listener was lost and anything may have changed. */
export type CacheChange = (table: string | null) => void;

// Tables whose triggers notify for the lead path's caches (migration 0011); the click path reads none of them.
const NOT_READ_BY_CLICKS = new Set(['products', 'offer_products']);

/**
 * What the click path reads, held in this process. Any change to the source tables fires NOTIFY pxl_cache
 * (migration 0005) and every process drops its copy; a TTL bounds staleness of lead and conversion cap fills
 * (those tables do not notify) and covers a lost listener.
 */
export class ClickCache {
  private offers = new Map<number, Promise<CachedOffer | null>>();
  private affiliates = new Map<string, Promise<ClickAffiliate | null>>();
  private env: Promise<Env> | null = null;
  private loadedAt = Date.now();
  private listener: pg.Client | null = null;
  private closed = false;
  private readonly subscribers = new Set<CacheChange>();

  constructor(
    private readonly db: Db,
    private readonly ttlMs = 30_000,
  ) {}

  clear() {
    this.offers.clear();
    this.affiliates.clear();
    this.env = null;
    this.loadedAt = Date.now();
  }

  /** Other in-process caches ride on this one LISTEN connection rather than opening their own. */
  onChange(fn: CacheChange) {
    this.subscribers.add(fn);
    return () => {
      this.subscribers.delete(fn);
    };
  }

  private changed(table: string | null) {
    if (table === null || !NOT_READ_BY_CLICKS.has(table)) this.clear();
    for (const fn of this.subscribers) fn(table);
  }

  private fresh() {
    if (Date.now() - this.loadedAt > this.ttlMs) this.clear();
  }

  /** A failed load is not cached: the next click tries again. */
  private memo<K, V>(map: Map<K, Promise<V>>, key: K, load: () => Promise<V>): Promise<V> {
    let hit = map.get(key);
    if (!hit) {
      hit = load().catch((err) => {
        map.delete(key);
        throw err;
      });
      map.set(key, hit);
    }
    return hit;
  }

  environment(): Promise<Env> {
    this.fresh();
    return (this.env ??= (async () => {
      const [trafficback, general, fraud] = await Promise.all([
        trafficbackSettings.get(this.db),
        generalSettings.get(this.db),
        getFraudSettings(this.db),
      ]);
      return { trafficback, timeZone: general.time_zone, fraud };
    })().catch((err) => {
      this.env = null;
      throw err;
    }));
  }

  offer(number: number): Promise<CachedOffer | null> {
    this.fresh();
    return this.memo(this.offers, number, async () => {
      const [offer, env] = await Promise.all([loadClickOffer(this.db, number), this.environment()]);
      if (!offer) return null;
      const fills = await capFills(this.db, offer.caps, env.timeZone);
      const period = periodKeys(env.timeZone);
      // Counters are keyed by cap and period, so a new day (week, month) starts from zero without a reload.
      return {
        ...offer,
        fills: new Map(
          [...fills].map(([id, n]) => [`${id}|${period(offer.caps.find((c) => c.id === id)!.period)}`, n]),
        ),
        period,
        fraud: resolveFraudSettings(env.fraud, offer.fraudSettings),
      };
    });
  }

  affiliate(id: string): Promise<ClickAffiliate | null> {
    this.fresh();
    return this.memo(this.affiliates, id, () => loadClickAffiliate(this.db, id));
  }

  /**
   * One connection of its own (not from the pool, so ending the pool never waits on it) stays on LISTEN;
   * when it drops, the cache is cleared and the listener reconnects.
   */
  async listen(onError: (err: unknown) => void) {
    if (this.closed) return;
    const client = new pg.Client(this.db.$client.options);
    let failed = false;
    const retry = (err: unknown) => {
      if (failed) return;
      failed = true;
      onError(err);
      if (this.listener === client) this.listener = null;
      client.end().catch(() => {});
      this.changed(null);
      if (!this.closed) setTimeout(() => void this.listen(onError), 1000).unref();
    };
    client.on('error', retry);
    client.on('notification', (msg) => this.changed(msg.payload ?? null));
    try {
      await client.connect();
      await client.query('LISTEN pxl_cache');
      if (this.closed) await client.end();
      else this.listener = client;
    } catch (err) {
      retry(err);
    }
  }

  async close() {
    this.closed = true;
    const client = this.listener;
    this.listener = null;
    await client?.end().catch(() => {});
  }
}

/** Keys of the current day, ISO week and month in the partner time zone. */
export const periodKeys = (timeZone: string) => {
  const fmt = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return (period: string, now = Date.now()): string => {
    if (period === 'total') return 'total';
    const day = fmt.format(now);
    if (period === 'day') return day;
    if (period === 'month') return day.slice(0, 7);
    const d = new Date(`${day}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
    return `w${d.toISOString().slice(0, 10)}`;
  };
};
