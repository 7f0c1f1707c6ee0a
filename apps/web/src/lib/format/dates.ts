// Start, stop and publish dates are typed as wall-clock time in the network's time zone (the one lists and
// caps use), while the server stores instants; these convert between the two.

const partsIn = (instant: number, timeZone: string) => {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(instant));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return { y: get('year'), mo: get('month'), d: get('day'), h: get('hour'), mi: get('minute') };
};

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
