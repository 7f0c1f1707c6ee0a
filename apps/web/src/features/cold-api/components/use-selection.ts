import { useMemo, useState } from 'react';

/** Ticked rows by UUID, kept across pages until cleared. */
export function useSelection() {
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  return useMemo(
    () => ({
      size: picked.size,
      uuids: () => [...picked],
      has: (uuid: string) => picked.has(uuid),
      toggle: (uuid: string, on: boolean) =>
        setPicked((current) => {
          const next = new Set(current);
          if (on) next.add(uuid);
          else next.delete(uuid);
          return next;
        }),
      setMany: (uuids: readonly string[], on: boolean) =>
        setPicked((current) => {
          const next = new Set(current);
          for (const uuid of uuids) {
            if (on) next.add(uuid);
            else next.delete(uuid);
          }
          return next;
        }),
      clear: () => setPicked(new Set()),
    }),
    [picked],
  );
}
export type SelectionApi = ReturnType<typeof useSelection>;
