// Payment details as the affiliate edits them: rows in priority order (1 = first), sent as {system, details, priority}.

export type PaymentMethodValue = { system: string; details: string; priority: number };
export type PaymentRow = { key: string; system: string | null; details: string };
export type RowErrors = { system?: string; details?: string };

let nextKey = 0;
export const newRowKey = (): string => `row-${++nextKey}`;

/** Server list → rows ordered by priority (ties keep their order). */
export const rowsFromMethods = (methods: readonly PaymentMethodValue[]): PaymentRow[] =>
  [...methods]
    .map((m, i) => ({ m, i }))
    .sort((a, b) => a.m.priority - b.m.priority || a.i - b.i)
    .map(({ m }) => ({ key: newRowKey(), system: m.system, details: m.details }));

const isBlank = (row: PaymentRow) => !row.system && !row.details.trim();

/**
 * Rows → the body to send: blank rows dropped, details trimmed, priorities 1..n in row order.
 * `rowIndex[i]` is the row the i-th sent method came from, to put server errors back on the right row.
 */
export function methodsFromRows(rows: readonly PaymentRow[]): { methods: PaymentMethodValue[]; rowIndex: number[] } {
  const methods: PaymentMethodValue[] = [];
  const rowIndex: number[] = [];
  rows.forEach((row, index) => {
    if (isBlank(row)) return;
    methods.push({ system: row.system ?? '', details: row.details.trim(), priority: methods.length + 1 });
    rowIndex.push(index);
  });
  return { methods, rowIndex };
}

/** Moves a row up (-1) or down (+1); out-of-range moves change nothing. */
export function moveRow<T>(rows: readonly T[], index: number, delta: number): T[] {
  const target = index + delta;
  if (index < 0 || index >= rows.length || target < 0 || target >= rows.length) return [...rows];
  const next = [...rows];
  const [row] = next.splice(index, 1);
  next.splice(target, 0, row as T);
  return next;
}

/** Systems not used by another row, for a row's picker (its own system stays available). */
export const freeSystems = (all: readonly string[], rows: readonly PaymentRow[], own: string | null): string[] =>
  all.filter((s) => s === own || !rows.some((r) => r.system === s));

/**
 * Field errors keyed like the server's ("payment_methods.0.details") → per-row errors and a general one.
 * The index is of the sent list; `rowIndex` maps it back to the row.
 */
export function rowErrorsFrom(
  fields: Record<string, string>,
  rowIndex: readonly number[],
): { rows: Record<number, RowErrors>; general?: string } {
  const rows: Record<number, RowErrors> = {};
  let general: string | undefined;
  for (const [key, message] of Object.entries(fields)) {
    const match = /^(?:payment_methods\.)?(\d+)\.(system|details|priority)$/.exec(key);
    if (!match) {
      general ??= message;
      continue;
    }
    const row = rowIndex[Number(match[1])] ?? Number(match[1]);
    const field = match[2] === 'system' ? 'system' : 'details';
    rows[row] = { ...rows[row], [field]: rows[row]?.[field] ?? message };
  }
  return { rows, general };
}
