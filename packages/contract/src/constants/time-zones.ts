// Time-zone helpers built on Intl only, so they run the same in Node and in the browser.

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

function offsetFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    // Throws RangeError for an unknown zone; callers rely on that.
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone) return false;
  try {
    offsetFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** Offset of the zone from UTC at `now`, in minutes (east positive). Throws RangeError for an unknown zone. */
export function zoneOffsetMinutes(timeZone: string, now: Date = new Date()): number {
  const name =
    offsetFormatter(timeZone)
      .formatToParts(now)
      .find((p) => p.type === 'timeZoneName')?.value ?? '';
  // "GMT", "GMT+02:00", "GMT-09:30"; some ICU builds print U+2212 for the minus sign.
  const match = /GMT(?:([+\-\u2212])(\d{1,2})(?::?(\d{2}))?)?/.exec(name);
  if (!match || !match[1]) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '+' ? minutes : -minutes;
}

/** The zone's UTC offset at `now` in hours, e.g. 2 for Europe/Kyiv in winter, 5.5 for Asia/Kolkata. */
export function zoneHours(timeZone: string, now: Date = new Date()): number {
  return zoneOffsetMinutes(timeZone, now) / 60;
}

/** "(UTC+02:00)" for 120, "(UTC-03:30)" for -210. */
export function formatUtcOffset(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `(UTC${sign}${hh}:${mm})`;
}

// Older ICU (Node 20) lists CLDR ids such as Europe/Kiev, while newer browsers report the current
// IANA names. Both are valid, so the current name of each renamed zone is listed beside the old one.
const CURRENT_ZONE_NAMES: Readonly<Record<string, string>> = {
  'Europe/Kiev': 'Europe/Kyiv',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Rangoon': 'Asia/Yangon',
  'America/Godthab': 'America/Nuuk',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Truk': 'Pacific/Chuuk',
  'Pacific/Ponape': 'Pacific/Pohnpei',
};

/**
 * Every IANA zone this runtime knows (Intl.supportedValuesOf), plus 'UTC' (which it leaves out)
 * and the current names of renamed zones the runtime accepts but does not list.
 */
export function listTimeZones(): string[] {
  const known = Intl.supportedValuesOf('timeZone');
  const zones = new Set([...known, 'UTC']);
  for (const zone of known) {
    const current = CURRENT_ZONE_NAMES[zone];
    if (current && isValidTimeZone(current)) zones.add(current);
  }
  return [...zones];
}

/**
 * Map zone → "(UTC+02:00) Europe/Kyiv", ordered by offset then name. Labels use the offset at
 * `now`, so they follow daylight saving. `extra` adds valid zones the runtime list lacks.
 */
export function timeZoneOptions(now: Date = new Date(), extra: readonly string[] = []): Record<string, string> {
  const zones = new Set(listTimeZones());
  for (const zone of extra) if (isValidTimeZone(zone)) zones.add(zone);
  const rows = [...zones].map((zone) => ({ zone, offset: zoneOffsetMinutes(zone, now) }));
  rows.sort((a, b) => a.offset - b.offset || a.zone.localeCompare(b.zone));
  const result: Record<string, string> = {};
  for (const { zone, offset } of rows) result[zone] = `${formatUtcOffset(offset)} ${zone}`;
  return result;
}
