import type { StoredWorkingHours } from '../../db/schema.ts';

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };
const formatters = new Map<string, Intl.DateTimeFormat>();

const formatter = (timeZone: string) => {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
};

/** The wall clock in a time zone: ISO weekday (1 = Monday), HH:MM and the date (YYYY-MM-DD). */
export const localTime = (timeZone: string, at: Date) => {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    day: WEEKDAYS[parts.weekday],
    time: `${parts.hour}:${parts.minute}`,
    date: `${parts.year}-${parts.month}-${parts.day}`,
  };
};

/**
 * Whether the buyer takes leads now. Hours are per ISO weekday in the product's time zone, from inclusive, to
 * exclusive ('24:00' closes at midnight); a day not listed is closed, and no working hours at all means always open.
 */
export const isOpen = (hours: StoredWorkingHours | null, at: Date) => {
  if (!hours) return true;
  const now = localTime(hours.time_zone, at);
  return hours.days.some((d) => d.day === now.day && d.from <= now.time && now.time < d.to);
};

export const describeHours = (hours: StoredWorkingHours, at: Date) => {
  const now = localTime(hours.time_zone, at);
  return `Closed now (${now.time} on day ${now.day} in ${hours.time_zone})`;
};
