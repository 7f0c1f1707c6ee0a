import type { OfferDetail } from '@pxl/contract/offers/offers.schemas';
import { fromMinor, type NumberValue } from '@/lib/money.ts';
import { toMinorOrNull, toNumber, toNumberOrNull } from './money-values.ts';

export type HoursRow = { day: number; from: string; to: string };
export type GeoCapRow = { geo: string | null; daily: NumberValue; total: NumberValue };
export type ProductValues = {
  product_uuid: string | null;
  priority: NumberValue;
  weight: NumberValue;
  geos: string[];
  daily: NumberValue;
  total: NumberValue;
  per_geo: GeoCapRow[];
  /** Without working hours the product takes leads around the clock. */
  hours_on: boolean;
  time_zone: string;
  /** Kept sorted by day, so a row's index is its index in the body (server error paths use it). */
  hours: HoursRow[];
  payout_override: NumberValue;
};

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export const emptyProduct = (timeZone: string): ProductValues => ({
  product_uuid: null,
  priority: 1,
  weight: 100,
  geos: [],
  daily: '',
  total: '',
  per_geo: [],
  hours_on: false,
  time_zone: timeZone,
  hours: [1, 2, 3, 4, 5].map((day) => ({ day, from: '09:00', to: '18:00' })),
  payout_override: '',
});

export const productsToValues = (o: OfferDetail, timeZone: string): ProductValues[] =>
  o.products.map((p) => ({
    product_uuid: p.product.uuid,
    priority: p.priority,
    weight: p.weight,
    geos: [...p.geos],
    daily: p.caps.daily ?? '',
    total: p.caps.total ?? '',
    per_geo: p.caps.per_geo.map((g) => ({ geo: g.geo, daily: g.daily ?? '', total: g.total ?? '' })),
    hours_on: p.working_hours !== null,
    time_zone: p.working_hours?.time_zone ?? timeZone,
    hours: [...(p.working_hours?.days ?? emptyProduct(timeZone).hours)].sort((a, b) => a.day - b.day),
    payout_override: fromMinor(p.payout_override),
  }));

/** Adds a range to a day, keeping the rows sorted by day. */
export const addHours = (rows: HoursRow[], day: number): HoursRow[] =>
  [...rows, { day, from: '09:00', to: '18:00' }].sort((a, b) => a.day - b.day);

export const productsBody = (rows: ProductValues[]) => ({
  products: rows.map((p) => ({
    product_uuid: p.product_uuid ?? '',
    priority: toNumber(p.priority),
    weight: toNumber(p.weight),
    geos: p.geos,
    caps: {
      daily: toNumberOrNull(p.daily),
      total: toNumberOrNull(p.total),
      per_geo: p.per_geo.map((g) => ({
        geo: g.geo ?? '',
        daily: toNumberOrNull(g.daily),
        total: toNumberOrNull(g.total),
      })),
    },
    working_hours: p.hours_on ? { time_zone: p.time_zone, days: p.hours } : null,
    payout_override: toMinorOrNull(p.payout_override),
  })),
});
