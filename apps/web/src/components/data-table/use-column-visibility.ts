import { useCallback, useMemo, useState } from 'react';
import {
  readColumnChoices,
  toggleColumn,
  visibleColumnKeys,
  writeColumnChoices,
  type ColumnChoices,
} from './column-visibility.ts';
import type { DataColumn } from './types.ts';

const browserStorage = (): Storage | undefined => (typeof window === 'undefined' ? undefined : window.localStorage);

/** Column chooser state of one list, remembered in localStorage under the list's id. */
export function useColumnVisibility<Row>(listId: string, columns: readonly DataColumn<Row>[]) {
  const [choices, setChoices] = useState<ColumnChoices>(() => readColumnChoices(browserStorage(), listId));
  const visibleKeys = useMemo(() => visibleColumnKeys(columns, choices), [columns, choices]);
  const visibleColumns = useMemo(() => columns.filter((c) => visibleKeys.includes(c.key)), [columns, visibleKeys]);
  const setVisible = useCallback(
    (key: string, visible: boolean) =>
      setChoices((current) => {
        const next = toggleColumn(columns, current, key, visible);
        writeColumnChoices(browserStorage(), listId, next);
        return next;
      }),
    [columns, listId],
  );
  return { visibleKeys, visibleColumns, setVisible };
}
