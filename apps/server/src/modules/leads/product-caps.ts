import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { productCapCounters, type StoredProductCaps } from '../../db/schema.ts';
import { localTime } from './working-hours.ts';

type Counter = { period: string; geo: string; limit: number; label: string };
export type CapSlot = { offerId: string; productId: string; counters: Counter[] };

class CapFull extends Error {
  constructor(public readonly label: string) {
    super(label);
  }
}

/**
 * The counters a lead of this country takes on this offer × product: daily and total over all countries, and the
 * country's own. The day is taken in `timeZone`: the product's working-hours zone when it has hours, else the partner's.
 */
export const capSlot = (o: {
  offerId: string;
  productId: string;
  caps: StoredProductCaps;
  timeZone: string;
  country: string;
  at: Date;
}): CapSlot => {
  const counters: Counter[] = [];
  const uncapped = o.caps.daily === null && o.caps.total === null && !o.caps.per_geo.length;
  // Reading the wall clock in a zone is the dearest part, and most links have no caps at all.
  if (uncapped) return { offerId: o.offerId, productId: o.productId, counters };
  const day = localTime(o.timeZone, o.at).date;
  const add = (period: string, geo: string, limit: number | null, label: string) => {
    if (limit !== null) counters.push({ period, geo, limit, label });
  };
  add(day, '', o.caps.daily, `daily cap ${o.caps.daily}`);
  add('total', '', o.caps.total, `total cap ${o.caps.total}`);
  const geo = o.caps.per_geo.find((g) => g.geo === o.country);
  if (geo) {
    add(day, geo.geo, geo.daily, `${geo.geo} daily cap ${geo.daily}`);
    add('total', geo.geo, geo.total, `${geo.geo} total cap ${geo.total}`);
  }
  return { offerId: o.offerId, productId: o.productId, counters };
};

const keyOf = (slot: CapSlot, c: Counter) =>
  and(
    eq(productCapCounters.offerId, slot.offerId),
    eq(productCapCounters.productId, slot.productId),
    eq(productCapCounters.period, c.period),
    eq(productCapCounters.geo, c.geo),
  );

/**
 * Takes one place in every counter at once, or none: each increment is conditional (count < limit) and row-locked by
 * the upsert, so concurrent leads queue on the counter and a cap of N admits exactly N. Returns the full cap's label.
 */
export const takeSlot = async (db: Db, slot: CapSlot): Promise<string | null> => {
  if (!slot.counters.length) return null;
  try {
    await db.transaction(async (tx) => {
      for (const c of slot.counters) {
        const taken = await tx
          .insert(productCapCounters)
          .values({ offerId: slot.offerId, productId: slot.productId, period: c.period, geo: c.geo, count: 1 })
          .onConflictDoUpdate({
            target: [
              productCapCounters.offerId,
              productCapCounters.productId,
              productCapCounters.period,
              productCapCounters.geo,
            ],
            set: { count: sql`${productCapCounters.count} + 1` },
            setWhere: sql`${productCapCounters.count} < ${c.limit}`,
          })
          .returning({ count: productCapCounters.count });
        if (!taken.length) throw new CapFull(c.label);
      }
    });
    return null;
  } catch (err) {
    if (err instanceof CapFull) return err.label;
    throw err;
  }
};

/** The place goes back when the buyer did not take the lead. */
export const releaseSlot = async (db: Db, slot: CapSlot) => {
  for (const c of slot.counters) {
    await db
      .update(productCapCounters)
      .set({ count: sql`greatest(${productCapCounters.count} - 1, 0)` })
      .where(keyOf(slot, c));
  }
};

/** Test leads are never counted, but a full product is shown as full to them too. */
export const peekSlot = async (db: Db, slot: CapSlot): Promise<string | null> => {
  for (const c of slot.counters) {
    const [row] = await db
      .select({ count: productCapCounters.count })
      .from(productCapCounters)
      .where(keyOf(slot, c))
      .limit(1);
    if ((row?.count ?? 0) >= c.limit) return c.label;
  }
  return null;
};
