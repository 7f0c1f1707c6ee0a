import { CONVERSION_STATUSES } from '@pxl/contract/conversions/conversions.schemas';
import type { Option } from '@pxl/contract/constants/options';
import { statusOptions } from '@/lib/labels.ts';

export const STATUS_OPTIONS: Option[] = statusOptions(CONVERSION_STATUSES);

/** Options whose label or value contains the search, case-insensitive; at most `limit`. */
export function matchOptions(options: readonly Option[], search: string, limit = 100): Option[] {
  const needle = search.trim().toLowerCase();
  const found = needle
    ? options.filter((o) => o.label.toLowerCase().includes(needle) || o.value.toLowerCase() === needle)
    : options;
  return found.slice(0, limit);
}

/**
 * The options a multi-select shows: the picked values first (named when a source knows them, else by a short
 * ID), then what was found, each value once.
 */
export function withSelected(
  selected: readonly string[],
  found: readonly Option[],
  known: readonly Option[],
): Option[] {
  const names = new Map([...known, ...found].map((o) => [o.value, o.label]));
  const picked = selected.map((value) => ({ value, label: names.get(value) ?? shortId(value) }));
  return [...picked, ...found.filter((o) => !selected.includes(o.value))];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-/i;
export const shortId = (value: string): string => (UUID.test(value) ? value.slice(0, 8) : value);
