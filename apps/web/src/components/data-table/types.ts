import type { ReactNode } from 'react';

/** One column of a DataTable, defined as data. */
export type DataColumn<Row> = {
  /** Stable id: the column chooser, the URL sort and the CSV mapper use it. */
  key: string;
  /** Header text; also the CSV header. */
  header: string;
  /** Cell content; by default the row's value under `key`. */
  render?: (row: Row) => ReactNode;
  /** true sorts by `key` on the server; a string names the server's sort field. */
  sortable?: boolean | string;
  /** CSV value; by default the row's value under `key` (arrays joined with ", "). */
  exportValue?: (row: Row) => unknown;
  /** false leaves the column out of exports (e.g. actions). */
  exportable?: boolean;
  /** Hidden until the user turns it on in the column chooser. */
  hidden?: boolean;
  width?: number | string;
};

export const sortFieldOf = (column: DataColumn<never>): string | null =>
  column.sortable === true ? column.key : typeof column.sortable === 'string' ? column.sortable : null;

/** The raw value of a row under a key, for cells and exports without their own formatter. */
export function plainValue(row: unknown, key: string): unknown {
  const value = (row as Record<string, unknown> | null)?.[key];
  return Array.isArray(value) ? value.join(', ') : value;
}
