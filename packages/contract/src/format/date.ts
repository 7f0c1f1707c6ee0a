// Dates are shown as DD.MM.YYYY with the time (HH:mm) on a new line (docs/product/screens-and-lists.md).

export interface FormattedDate {
  date: string;
  time: string;
}

const EMPTY: FormattedDate = { date: '', time: '' };
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
// The server stores UTC, so a date-time without an offset is read as UTC, not browser-local time.
const ZONELESS = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
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

/**
 * Year, month, day, hour and minute (zero-padded) of `instant` in `timeZone`, from one cached formatter per zone:
 * lists format every row, and building an Intl.DateTimeFormat costs far more than using one. An unknown zone throws.
 */
export function zonedParts(instant: number | Date, timeZone: string) {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  const get = (type: string) => parts[type] ?? '00';
  return { y: get('year'), mo: get('month'), d: get('day'), h: get('hour'), mi: get('minute') };
}

function toDate(value: string | number | Date): Date {
  if (value instanceof Date) return value;
  if (typeof value === 'number') return new Date(value);
  const text = value.trim();
  return new Date(ZONELESS.test(text) ? `${text.replace(' ', 'T')}Z` : text);
}

/** { date: 'DD.MM.YYYY', time: 'HH:mm' } in `timeZone`; a plain YYYY-MM-DD gives no time; bad input gives ''. */
export function formatDate(value: string | number | Date | null | undefined, timeZone = 'UTC'): FormattedDate {
  if (value === null || value === undefined || value === '') return EMPTY;
  if (typeof value === 'string') {
    const plain = DATE_ONLY.exec(value.trim());
    if (plain) {
      const [, y, m, d] = plain;
      const check = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
      // Rejects impossible days such as 2024-02-30 instead of rolling them over.
      if (check.getUTCMonth() !== Number(m) - 1 || check.getUTCDate() !== Number(d)) return EMPTY;
      return { date: `${d}.${m}.${y}`, time: '' };
    }
  }
  try {
    const date = toDate(value);
    if (Number.isNaN(date.getTime())) return EMPTY;
    const p = zonedParts(date, timeZone);
    return { date: `${p.d}.${p.mo}.${p.y}`, time: `${p.h}:${p.mi}` };
  } catch {
    return EMPTY;
  }
}

/** "DD.MM.YYYY\nHH:mm", or "DD.MM.YYYY" for a plain date, or '' for bad input. */
export function formatDateText(value: string | number | Date | null | undefined, timeZone = 'UTC'): string {
  const { date, time } = formatDate(value, timeZone);
  return time ? `${date}\n${time}` : date;
}

/** The same on one line ("DD.MM.YYYY HH:mm"): CSV cells, headers and sentences. */
export function formatDateLine(value: string | number | Date | null | undefined, timeZone = 'UTC'): string {
  return formatDateText(value, timeZone).replace('\n', ' ');
}
