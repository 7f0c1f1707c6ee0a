import { sql } from 'drizzle-orm';
import { zoneOffsetMinutes, type StatDimension, type StatFilters } from '@pxl/contract';
import { badRequest } from '../../lib/errors.ts';
import type { Period, SourceKind } from './report-source.ts';

const DAY_MS = 86_400_000;
export const MAX_REPORT_DAYS = 400;

/** Today in the zone, as YYYY-MM-DD. */
export const todayIn = (tz: string, now = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(now);
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;

/**
 * Inclusive days in the zone; by default the last 7 days ending today. Reports cap the length (`maxDays`); logs are
 * paged and need no cap.
 */
export const resolveRange = (
  f: Pick<StatFilters, 'date_from' | 'date_to'>,
  tz: string,
  { now = new Date(), maxDays = MAX_REPORT_DAYS } = {},
) => {
  const to = f.date_to ?? (f.date_from && f.date_from > todayIn(tz, now) ? f.date_from : todayIn(tz, now));
  const from = f.date_from ?? addDays(to, -6);
  if (from > to) throw badRequest('date_to', 'The end date is before the start date');
  if (daysBetween(from, to) > maxDays) throw badRequest('date_from', `Choose at most ${maxDays} days`);
  return { from, to };
};

/** The period's bounds as timestamps: midnight of `from` to midnight after `to`, in the zone. */
export const periodSql = (from: string, to: string, tz: string): Period => ({
  from: sql`((${from}::date)::timestamp at time zone ${tz})`,
  to: sql`((${addDays(to, 1)}::date)::timestamp at time zone ${tz})`,
});

/** The zone's UTC offset at the start of each day of the range (and after its end), in minutes. */
const offsets = (from: string, to: string, tz: string) =>
  Array.from({ length: daysBetween(from, to) + 1 }, (_, i) =>
    zoneOffsetMinutes(tz, new Date(Date.parse(`${addDays(from, i)}T00:00:00Z`))),
  );

/**
 * Which table can answer exactly. Raw tables for sub IDs, conversion status and half-hour zones. Otherwise, when
 * the report needs no hours and no landing, device or OS (`coarse`), the zone days of `stats_daily_core` if the
 * zone is one of its cuts; else UTC days when the zone is at UTC all through the range; else UTC hours.
 */
export const chooseSource = (
  s: { dims: StatDimension[]; rawNeeded: boolean; coarse: boolean; cutZones: readonly string[] },
  from: string,
  to: string,
  tz: string,
): SourceKind => {
  if (s.rawNeeded) return 'raw';
  const o = offsets(from, to, tz);
  if (o.some((m) => m % 60 !== 0)) return 'raw';
  if (s.dims.includes('hour')) return 'hourly';
  if (s.coarse && s.cutZones.includes(tz)) return 'core';
  return o.every((m) => m === 0) ? 'daily' : 'hourly';
};
