import { useMemo } from 'react';
import type { StatKind } from '@pxl/contract/statistic/statistic.schemas';
import { useListState, type ListConfig } from '@/components/data-table/index.ts';
import { useCurrentRole } from '@/lib/session/auth-store.ts';
import { useFraudFlagAt } from '@/lib/queries/network-fraud-settings.ts';
import { FRAUD_FILTER } from './fraud-parts.tsx';
import { logAccess } from './log-access.ts';
import { logQuery } from './log-query.ts';

/** The filter bar owns its URL keys; the list keeps page, size, search and its own few filters. */
const LIST: ListConfig = { filters: [FRAUD_FILTER] };

export type LogTableProps = {
  kind: StatKind;
  /** The filter bar's query (dates, zone, offers, geos…), without kind, page or search. */
  filters: Readonly<Record<string, string>>;
  /** Dates show in the zone the report is cut in. */
  timeZone: string;
};

/** What every log table starts from: its list state in the URL, the request it makes, and the caller's columns. */
export function useLogTable({ kind, filters }: LogTableProps, config: ListConfig = LIST) {
  const list = useListState(config);
  const { page, count, search, filters: own } = list.state;
  const role = useCurrentRole();
  const flagAt = useFraudFlagAt();
  const access = useMemo(() => ({ ...logAccess(role), flagAt }), [role, flagAt]);
  const query = useMemo(() => {
    // Partners never filter by a score (the server refuses it): a link carrying one lists their rows unfiltered.
    const { [FRAUD_FILTER]: min, ...rest } = own;
    const mine = access.staff && min !== undefined ? { ...rest, [FRAUD_FILTER]: min } : rest;
    return logQuery({ ...filters, ...mine, kind }, { page, count, search });
  }, [filters, own, kind, page, count, search, access.staff]);
  return { list, query, access };
}
