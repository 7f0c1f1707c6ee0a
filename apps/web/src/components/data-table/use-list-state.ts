import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  applyListPatch,
  listQuery,
  parseListState,
  serializeListState,
  type ListConfig,
  type ListPatch,
} from './list-state.ts';

/**
 * Paging, sorting, search and filters of one list, kept in the URL search params so a link
 * reproduces the view. `config` should be a stable (module-level) object.
 */
export function useListState(config: ListConfig) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseListState(params, config), [params, config]);
  const update = useCallback(
    (patch: ListPatch, options?: { replace?: boolean }) =>
      setParams(
        (current) => serializeListState(applyListPatch(parseListState(current, config), patch), config, current),
        options,
      ),
    [setParams, config],
  );
  const query = useMemo(() => listQuery(state), [state]);
  const reset = useCallback(
    () =>
      setParams((current) =>
        serializeListState(parseListState(new URLSearchParams(), config), config, stripList(current, config)),
      ),
    [setParams, config],
  );
  return { state, query, update, reset };
}

export type ListStateApi = ReturnType<typeof useListState>;

function stripList(params: URLSearchParams, config: ListConfig): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of ['page', 'count', 'search', 'sort', 'order', ...(config.filters ?? [])]) next.delete(key);
  return next;
}
