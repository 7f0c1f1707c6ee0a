import {
  MAX_MINOR_AMOUNT,
  RECON_FIELDS,
  RECON_ID_FIELDS,
  RECON_STATUSES,
  isStorableText,
  reconMappingSchema,
  zonedParts,
  type ReconCellError,
  type ReconField,
  type ReconMapping,
  type ReconRowData,
  type ReconStatus,
} from '@pxl/contract';
import type { Cell } from './report-file.ts';

// A report row normalised through the advertiser's mapping (docs/product/reconciliation.md, "Import").

const LABELS: Record<ReconField, string[]> = {
  click_id: ['click id', 'clickid', 'click_id', 'click', 'cid', 'subid', 'sub id', 'sub_id', 'aff_sub'],
  lead_id: ['lead id', 'leadid', 'lead_id', 'lead', 'user id', 'user_id'],
  txid: ['transaction id', 'transaction_id', 'txid', 'tx id', 'order id', 'order_id', 'conversion id', 'id'],
  status: ['status', 'state', 'conversion status'],
  amount: ['amount', 'payout', 'sum', 'revenue', 'commission', 'price'],
  currency: ['currency', 'cur', 'ccy'],
  date: ['date', 'time', 'datetime', 'created', 'created at', 'created_at', 'conversion date', 'timestamp'],
};
const STATUS_WORDS: Record<ReconStatus, string[]> = {
  approved: ['approved', 'confirmed', 'accepted', 'paid', 'success', 'valid'],
  pending: ['pending', 'waiting', 'new', 'processing', 'open'],
  rejected: ['rejected', 'declined', 'canceled', 'cancelled', 'denied', 'invalid', 'fraud', 'trash'],
  hold: ['hold', 'on hold', 'held'],
};
const squash = (s: string) =>
  s
    .toLowerCase()
    .replace(/[\s_\-.]+/g, ' ')
    .trim();

/** A first mapping from the header's names, for a first upload of an advertiser without a saved one. */
export const guessMapping = (header: string[], rows: Cell[][]): ReconMapping => {
  const taken = new Set<string>();
  const columns = Object.fromEntries(
    RECON_FIELDS.map((field) => {
      const hit = header.find((h) => !taken.has(h) && LABELS[field].some((l) => squash(l) === squash(h)));
      if (hit) taken.add(hit);
      return [field, hit ?? null];
    }),
  ) as ReconMapping['columns'];
  const amountAt = columns.amount ? header.indexOf(columns.amount) : -1;
  const commaDecimals = rows.slice(0, 50).filter((r) => /^\s*-?[\d .]*,\d{1,2}\s*$/.test(String(r[amountAt] ?? '')));
  return reconMappingSchema.parse({
    columns,
    decimal: amountAt >= 0 && commaDecimals.length > 0 ? 'comma' : 'point',
    statuses: STATUS_WORDS,
  });
};

/** Why a mapping cannot read this file: a mapped column the header lacks, or no id to match by. */
export const mappingErrors = (mapping: ReconMapping, header: string[]) => {
  const errors: string[] = [];
  for (const field of RECON_FIELDS) {
    const column = mapping.columns[field];
    if (column && !header.includes(column))
      errors.push(`Column "${column}" (mapped as ${field}) is not in the file's header: ${header.join(', ')}`);
  }
  if (!RECON_ID_FIELDS.some((f) => mapping.columns[f]))
    errors.push('Map at least one of click id, lead id or transaction id');
  return errors;
};

const MAX_ID = 255;
const SYMBOLS: Record<string, string> = { '€': 'EUR', $: 'USD', '₴': 'UAH', грн: 'UAH', '£': 'GBP' };

const textOf = (cell: Cell | undefined) =>
  cell === undefined ? '' : cell instanceof Date ? cell.toISOString() : String(cell).trim();

type Parsed<T> = { value: T } | { error: string };

const readId = (cell: Cell | undefined): Parsed<string | null> => {
  const text = textOf(cell);
  if (!text) return { value: null };
  if (text.length > MAX_ID) return { error: `longer than ${MAX_ID} characters` };
  return { value: text };
};

/** Minor units from "1 234,56" (decimal comma) or "1,234.56" (point); thousands only in groups of three. */
export const readAmount = (cell: Cell | undefined, decimal: 'point' | 'comma'): Parsed<number | null> => {
  if (typeof cell === 'number') return Number.isFinite(cell) ? toMinor(cell.toFixed(10)) : { error: 'not an amount' };
  const text = textOf(cell).replace(/[\s\u00a0\u202f']/g, '');
  if (!text) return { value: null };
  if (text.startsWith('=')) return { error: `a formula (${text.slice(0, 40)}), not an amount: paste values instead` };
  const [dec, group] = decimal === 'comma' ? [',', '.'] : ['.', ','];
  const esc = (c: string) => `\\${c}`;
  const shape = new RegExp(`^-?(\\d{1,3}(${esc(group)}\\d{3})+|\\d+)(${esc(dec)}\\d+)?$`);
  if (!shape.test(text))
    return {
      error: `not an amount (decimal ${decimal === 'comma' ? 'comma' : 'point'} expected, as the mapping says)`,
    };
  return toMinor(text.replaceAll(group, '').replace(dec, '.'));
};

const toMinor = (plain: string): Parsed<number> => {
  const [whole, frac = ''] = plain.replace(/^-/, '').split('.');
  const extra = frac.slice(2).replace(/0+$/, '');
  if (extra) return { error: 'more than two decimals' };
  const minor = Number(whole) * 100 + Number(frac.slice(0, 2).padEnd(2, '0'));
  // The bounds a postback's revenue has: an amount here becomes a conversion's revenue when applied.
  if (plain.startsWith('-') && minor > 0)
    return { error: 'a negative amount: report a reversed conversion with a rejected status' };
  if (!Number.isSafeInteger(minor) || minor > MAX_MINOR_AMOUNT)
    return {
      error: `more than ${(MAX_MINOR_AMOUNT / 100).toLocaleString('en-US')}.00, the most one conversion can be`,
    };
  return { value: minor };
};

const readCurrency = (cell: Cell | undefined): Parsed<string | null> => {
  const text = textOf(cell);
  if (!text) return { value: null };
  const code = SYMBOLS[text.toLowerCase()] ?? text.toUpperCase();
  return /^[A-Z]{3}$/.test(code) ? { value: code } : { error: `"${text}" is not a currency code such as EUR` };
};

const readStatus = (cell: Cell | undefined, words: ReconMapping['statuses']): Parsed<ReconStatus | null> => {
  const text = textOf(cell);
  if (!text) return { value: null };
  const status = RECON_STATUSES.find((s) => words[s].some((w) => squash(w) === squash(text)));
  return status
    ? { value: status }
    : { error: `"${text}" is none of the status values of the mapping: add it to approved, pending, rejected or hold` };
};

const DATE_SHAPES: Record<string, RegExp> = {
  'YYYY-MM-DD': /^(?<y>\d{4})-(?<m>\d{1,2})-(?<d>\d{1,2})/,
  'DD.MM.YYYY': /^(?<d>\d{1,2})\.(?<m>\d{1,2})\.(?<y>\d{4})/,
  'DD/MM/YYYY': /^(?<d>\d{1,2})\/(?<m>\d{1,2})\/(?<y>\d{4})/,
  'MM/DD/YYYY': /^(?<m>\d{1,2})\/(?<d>\d{1,2})\/(?<y>\d{4})/,
};
const TIME = /^(?:[T ]+(?<h>\d{1,2}):(?<mi>\d{2})(?::(?<s>\d{2})(?:\.\d+)?)?)?\s*(?<zone>Z|[+-]\d{2}:?\d{2})?$/i;

/** A wall-clock time of `timeZone` as a UTC instant (two passes, so a change of offset that day is honoured). */
const zonedToUtc = (wall: number, timeZone: string) => {
  const offsetAt = (t: number) => {
    const p = zonedParts(t, timeZone);
    return Date.UTC(+p.y, +p.mo - 1, +p.d, +p.h, +p.mi) - Math.floor(t / 60_000) * 60_000;
  };
  const first = wall - offsetAt(wall);
  return wall - offsetAt(first);
};

/** A date (with optional time and offset) in the mapping's format; without an offset it is the partner time zone's. */
export const readDate = (
  cell: Cell | undefined,
  format: ReconMapping['date_format'],
  timeZone: string,
): Parsed<string | null> => {
  if (cell instanceof Date)
    return Number.isNaN(cell.getTime()) ? { error: 'not a date' } : { value: cell.toISOString() };
  const text = textOf(cell);
  if (!text) return { value: null };
  const formats = format === 'auto' ? ['YYYY-MM-DD', 'DD.MM.YYYY'] : [format];
  for (const f of formats) {
    const day = DATE_SHAPES[f].exec(text);
    const time = day && TIME.exec(text.slice(day[0].length));
    if (!day || !time) continue;
    const { y, m, d } = day.groups!;
    const { h = '0', mi = '0', s = '0', zone } = time.groups!;
    const wall = Date.UTC(+y, +m - 1, +d, +h, +mi, +s);
    const back = new Date(wall);
    if (back.getUTCMonth() !== +m - 1 || back.getUTCDate() !== +d || +h > 23 || +mi > 59 || +s > 59)
      return { error: `"${text}" is no such day or time` };
    if (!zone) return { value: new Date(zonedToUtc(wall, timeZone)).toISOString() };
    const [, sign, zh, zm] = /^([+-])(\d{2}):?(\d{2})$/.exec(zone) ?? ['', '+', '00', '00'];
    const offset = (sign === '-' ? -1 : 1) * (+zh * 60 + +zm) * 60_000;
    return { value: new Date(wall - (zone.toUpperCase() === 'Z' ? 0 : offset)).toISOString() };
  }
  if (format === 'auto' && /^\d{1,2}\/\d{1,2}\/\d{4}/.test(text))
    return {
      error: `"${text}" can be read two ways: choose DD/MM/YYYY or MM/DD/YYYY as the date format of the mapping`,
    };
  return { error: `"${text}" is not a date in the format ${format === 'auto' ? 'YYYY-MM-DD or DD.MM.YYYY' : format}` };
};

/** One file row through the mapping: the normalised row (a field that fails is null) and its cell errors. */
export const normaliseRow = (
  cells: Cell[],
  line: number,
  header: string[],
  mapping: ReconMapping,
  timeZone: string,
): { data: ReconRowData; errors: ReconCellError[] } => {
  const errors: ReconCellError[] = [];
  const raw: Record<string, string> = {};
  header.forEach((name, i) => {
    const text = textOf(cells[i]);
    raw[name] = isStorableText(text) ? text : '';
  });
  const cellFor = (field: ReconField) => {
    const column = mapping.columns[field];
    return column === null ? undefined : cells[header.indexOf(column)];
  };
  const take = <T>(field: ReconField, parsed: Parsed<T>): T | null => {
    if ('value' in parsed) return parsed.value;
    const column = mapping.columns[field]!;
    errors.push({ line, column, field, message: `Row ${line}, column ${column}: ${parsed.error}` });
    return null;
  };
  const data: ReconRowData = {
    line,
    click_id: take('click_id', readId(cellFor('click_id'))),
    lead_id: take('lead_id', readId(cellFor('lead_id'))),
    txid: take('txid', readId(cellFor('txid'))),
    status: take('status', readStatus(cellFor('status'), mapping.statuses)),
    amount: take('amount', readAmount(cellFor('amount'), mapping.decimal)),
    currency: take('currency', readCurrency(cellFor('currency'))),
    date: take('date', readDate(cellFor('date'), mapping.date_format, timeZone)),
    raw,
  };
  if (RECON_ID_FIELDS.every((f) => data[f] === null) && errors.length === 0) {
    const column = RECON_ID_FIELDS.map((f) => mapping.columns[f]).find(Boolean) ?? '';
    errors.push({
      line,
      column,
      field: 'click_id',
      message: `Row ${line}: no click id, lead id or transaction id to match it by`,
    });
  }
  return { data, errors };
};
