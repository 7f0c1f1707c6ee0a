// When a distribution may send (docs/product/cold-api.md, "Re-Cold API distributions"): pure functions of the
// distribution's window and a given instant, so the runner's clock can be any clock and tests can use fixed dates.

export type SendWindow = {
  startDate: string;
  endDate: string | null;
  hourFrom: number;
  hourTo: number;
  timeZone: string;
};

/** open: may send now. Otherwise `next` is when it opens (null: never again) and `waiting` says why, in words. */
export type WindowState =
  | { open: true; today: string; dayStart: Date }
  | { open: false; ended: boolean; next: Date | null; waiting: string; today: string; dayStart: Date };

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatter = (timeZone: string) => {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
};

/** The wall clock in a zone: its day (YYYY-MM-DD), hour and the zone's offset from UTC at that instant. */
export const wallClock = (timeZone: string, at: Date) => {
  const p = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  const asUtc = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  const whole = Math.floor(at.getTime() / 1000) * 1000;
  return { day: `${p.year}-${p.month}-${p.day}`, hour: +p.hour, offsetMs: asUtc - whole };
};

export const addDays = (day: string, n: number) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
};

/**
 * The first instant whose wall clock in the zone is `hour`:00 of `day` or later: on a day the clocks jump over that
 * hour (spring forward) it is the first instant after the jump.
 */
export const zonedInstant = (day: string, hour: number, timeZone: string) => {
  const [y, m, d] = day.split('-').map(Number);
  const local = Date.UTC(y, m - 1, d, hour);
  let t = local - wallClock(timeZone, new Date(local)).offsetMs;
  t = local - wallClock(timeZone, new Date(t)).offsetMs;
  return new Date(t);
};

const allDay = (w: SendWindow) => w.hourFrom === w.hourTo || (w.hourFrom === 0 && w.hourTo === 24);
/** [from, to) on the wall clock; from > to runs over midnight (22 → 6). */
const inHours = (w: SendWindow, hour: number) =>
  allDay(w) || (w.hourFrom < w.hourTo ? hour >= w.hourFrom && hour < w.hourTo : hour >= w.hourFrom || hour < w.hourTo);
const pad = (h: number) => `${String(h).padStart(2, '0')}:00`;
export const hoursText = (w: SendWindow) =>
  `Outside the sending hours (${pad(w.hourFrom)}–${pad(w.hourTo)} ${w.timeZone})`;

/** Whether the distribution may send at `at`, and if not, when it may next and why not now. */
export const windowAt = (w: SendWindow, at: Date): WindowState => {
  const { day: today, hour } = wallClock(w.timeZone, at);
  const dayStart = zonedInstant(today, 0, w.timeZone);
  if (w.endDate && today > w.endDate)
    return { open: false, ended: true, next: null, waiting: `Ended on ${w.endDate}`, today, dayStart };
  if (today < w.startDate) {
    const next = zonedInstant(w.startDate, allDay(w) ? 0 : w.hourFrom, w.timeZone);
    return { open: false, ended: false, next, waiting: `Starts on ${w.startDate}`, today, dayStart };
  }
  if (inHours(w, hour)) return { open: true, today, dayStart };
  // Closed now: the window opens at hour_from today if that is still ahead, else tomorrow; past the end date it never does.
  const todayOpen = zonedInstant(today, w.hourFrom, w.timeZone);
  const nextDay = todayOpen > at ? today : addDays(today, 1);
  const next =
    w.endDate && nextDay > w.endDate
      ? zonedInstant(addDays(w.endDate, 1), 0, w.timeZone)
      : zonedInstant(nextDay, w.hourFrom, w.timeZone);
  return { open: false, ended: false, next, waiting: hoursText(w), today, dayStart };
};

/** A pause in [min, max] seconds, in milliseconds (so a range of whole seconds still spreads evenly). */
export const pickInterval = (minSeconds: number, maxSeconds: number, random: () => number = Math.random) =>
  Math.round((minSeconds + random() * (maxSeconds - minSeconds)) * 1000);
