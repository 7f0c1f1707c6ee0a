// Wall-clock parts of an instant in a time zone, with one cached formatter per zone: lists format every row,
// and building an Intl.DateTimeFormat costs far more than using one. Shown dates (DD.MM.YYYY) come from
// @pxl/contract/format/date; these are the machine forms the inputs and filters use.

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Year, month, day, hour and minute (zero-padded) of `instant` in `timeZone`; an unknown zone throws. */
export function partsIn(instant: number, timeZone: string) {
  const parts = formatterFor(timeZone).formatToParts(new Date(instant));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return { y: get('year'), mo: get('month'), d: get('day'), h: get('hour'), mi: get('minute') };
}

/** Today's date (YYYY-MM-DD) in `timeZone`; an unknown zone falls back to UTC rather than failing the screen. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  try {
    const p = partsIn(now.getTime(), timeZone);
    return `${p.y}-${p.mo}-${p.d}`;
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

// Start, stop and publish dates are typed as wall-clock time in the network's time zone (the one lists and
// caps use), while the server stores instants; these convert between the two.

/** ISO instant → "YYYY-MM-DDTHH:mm" in the zone ('' for none). */
export function isoToZonedInput(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  const p = partsIn(t, timeZone);
  return `${p.y}-${p.mo}-${p.d}T${p.h}:${p.mi}`;
}

const wallAsUtc = (instant: number, timeZone: string) => {
  const p = partsIn(instant, timeZone);
  return Date.UTC(+p.y, +p.mo - 1, +p.d, +p.h, +p.mi);
};

/** "YYYY-MM-DDTHH:mm" read in the zone → ISO instant; null for empty, the raw text when unreadable (the schema refuses it). */
export function zonedInputToIso(value: string, timeZone: string): string | null {
  if (!value) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!m) return value;
  const wall = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5]);
  // Two passes settle the zone's offset, also next to a DST change.
  let guess = wall - (wallAsUtc(wall, timeZone) - wall);
  guess = wall - (wallAsUtc(guess, timeZone) - guess);
  return new Date(guess).toISOString();
}
