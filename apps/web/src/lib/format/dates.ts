// Machine forms of dates (YYYY-MM-DD, YYYY-MM-DDTHH:mm) the inputs and filters use; shown dates (DD.MM.YYYY) come
// from @pxl/contract/format/date, whose cached zone formatter these share.
import { zonedParts } from '@pxl/contract/format/date';

/** Today's date (YYYY-MM-DD) in `timeZone`; an unknown zone falls back to UTC rather than failing the screen. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  try {
    const p = zonedParts(now.getTime(), timeZone);
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
  const p = zonedParts(t, timeZone);
  return `${p.y}-${p.mo}-${p.d}T${p.h}:${p.mi}`;
}

const wallAsUtc = (instant: number, timeZone: string) => {
  const p = zonedParts(instant, timeZone);
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
