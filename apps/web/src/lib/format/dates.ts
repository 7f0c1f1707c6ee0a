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

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The month before `today` (YYYY-MM-DD): invoices are made for the past month (docs/product/billing.md), and an
 * advertiser's report usually covers one.
 */
export function previousMonth(today: string): { date_from: string; date_to: string } {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const y = month === 1 ? year - 1 : year;
  const m = month === 1 ? 12 : month - 1;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { date_from: `${y}-${pad(m)}-01`, date_to: `${y}-${pad(m)}-${pad(last)}` };
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
