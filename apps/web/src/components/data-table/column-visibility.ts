/** The user's explicit choices per column key: true = shown, false = hidden. */
export type ColumnChoices = Record<string, boolean>;

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;
type ColumnLike = { key: string; hidden?: boolean };

export const columnStorageKey = (listId: string): string => `pxl:columns:${listId}`;

/** Reads the stored choices of a list; missing or broken data gives none. */
export function readColumnChoices(storage: StorageLike | undefined, listId: string): ColumnChoices {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(columnStorageKey(listId)) ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter(([, v]) => typeof v === 'boolean')) as ColumnChoices;
  } catch {
    return {};
  }
}

export function writeColumnChoices(storage: StorageLike | undefined, listId: string, choices: ColumnChoices): void {
  try {
    storage?.setItem(columnStorageKey(listId), JSON.stringify(choices));
  } catch {
    // Storage full or blocked: the choice lasts for this page only.
  }
}

/** Keys of the visible columns, in column order: the user's choice, else the column's default. */
export function visibleColumnKeys(columns: readonly ColumnLike[], choices: ColumnChoices): string[] {
  const visible = columns.filter((c) => choices[c.key] ?? !c.hidden).map((c) => c.key);
  // Never an empty table: with everything hidden the first column stays.
  return visible.length > 0 || columns.length === 0 ? visible : [columns[0]!.key];
}

/** Records one toggle; refuses to hide the last visible column. */
export function toggleColumn(
  columns: readonly ColumnLike[],
  choices: ColumnChoices,
  key: string,
  visible: boolean,
): ColumnChoices {
  const next = { ...choices, [key]: visible };
  const shown = columns.filter((c) => next[c.key] ?? !c.hidden);
  return shown.length === 0 ? choices : next;
}
