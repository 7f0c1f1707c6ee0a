import { todayIn } from '@/lib/format/dates.ts';

// Date presets resolve to inclusive days in the report's time zone: "today" in Kyiv is not today in UTC.

export const DATE_PRESETS = ['today', 'yesterday', 'last_7_days', 'this_month', 'last_month', 'last_30_days'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];
export type DateRange = { from: string; to: string };

export const PRESET_LABELS: Record<DatePreset | 'custom', string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  last_7_days: 'Last 7 days',
  this_month: 'This month',
  last_month: 'Last month',
  last_30_days: 'Last 30 days',
  custom: 'Custom range',
};

/** The server's default when the URL names no dates (docs/product/statistics.md: the last 7 days ending today). */
export const DEFAULT_PRESET: DatePreset = 'last_7_days';

export const DAY = /^\d{4}-\d{2}-\d{2}$/;

const toUtc = (day: string): Date => new Date(`${day}T00:00:00Z`);
const fromUtc = (date: Date): string => date.toISOString().slice(0, 10);

/** Calendar arithmetic on a plain day, free of any time zone's DST. */
export function addDays(day: string, days: number): string {
  const date = toUtc(day);
  date.setUTCDate(date.getUTCDate() + days);
  return fromUtc(date);
}

const firstOfMonth = (day: string): string => `${day.slice(0, 7)}-01`;

export function presetRange(preset: DatePreset, timeZone: string, now: Date = new Date()): DateRange {
  const today = todayIn(timeZone, now);
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const y = addDays(today, -1);
      return { from: y, to: y };
    }
    case 'last_7_days':
      return { from: addDays(today, -6), to: today };
    case 'this_month':
      return { from: firstOfMonth(today), to: today };
    case 'last_month': {
      const end = addDays(firstOfMonth(today), -1);
      return { from: firstOfMonth(end), to: end };
    }
    case 'last_30_days':
      return { from: addDays(today, -29), to: today };
  }
}

/** Which preset a range is, so a link with plain dates still shows "Last 7 days"; otherwise 'custom'. */
export function matchPreset(range: DateRange, timeZone: string, now: Date = new Date()): DatePreset | 'custom' {
  for (const preset of DATE_PRESETS) {
    const r = presetRange(preset, timeZone, now);
    if (r.from === range.from && r.to === range.to) return preset;
  }
  return 'custom';
}

/** Days in a range, both ends included (for the "previous period" text). */
export const rangeDays = (range: DateRange): number =>
  Math.round((toUtc(range.to).getTime() - toUtc(range.from).getTime()) / 86_400_000) + 1;
