import { useQueries, useQuery } from '@tanstack/react-query';
import { advertisersApi } from '@pxl/contract/advertisers/index';
import { affiliatesApi } from '@pxl/contract/affiliates/index';
import { landingsApi } from '@pxl/contract/landings/index';
import { managersApi } from '@pxl/contract/managers/index';
import { offersApi } from '@pxl/contract/offers/index';
import { statisticApi, type StatDimension, type StatKind } from '@pxl/contract/statistic/index';
import { apiRequest } from '@/lib/http/api-client.ts';
import { affiliateLabel } from '@/lib/queries/affiliate-options.ts';
import { queryKeys } from '@/lib/queries/query-keys.ts';
import type { Option } from '@pxl/contract/constants/options';

// Option sources of the statistics filters. Searches are silent: a filter that cannot load says "Nothing found".

const page = (search: string) => ({ page: 1, count: 30, search: search || undefined, order: 'desc' });
const person = (p: { first_name: string; last_name: string; email: string }) =>
  `${`${p.first_name} ${p.last_name}`.trim() || p.email} (${p.email})`;
const remote = { staleTime: 30_000 } as const;

/** Offers of the report's kind only: an API offer is no filter of a direct-link report. */
export const useOfferSearch = (search: string, enabled = true, kind?: StatKind) =>
  useQuery({
    queryKey: ['offers', 'list', 'stat-filter', kind, search],
    enabled,
    ...remote,
    queryFn: ({ signal }) =>
      apiRequest(offersApi.list, { query: { ...page(search), type: kind }, signal, silent: true }),
    select: (d): Option[] => d.list.map((o) => ({ value: o.uuid, label: `#${o.id} ${o.title}` })),
  });
export const useAdvertiserSearch = (search: string, enabled = true) =>
  useQuery({
    queryKey: queryKeys.advertiserOptions(search),
    enabled,
    ...remote,
    queryFn: ({ signal }) => apiRequest(advertisersApi.list, { query: page(search), signal, silent: true }),
    select: (d): Option[] => d.list.map((a) => ({ value: a.uuid, label: a.company || person(a) })),
  });

// Short lists come whole and are searched in the browser.
export const useProductOptions = (enabled = true) =>
  useQuery({
    queryKey: queryKeys.productOptions(),
    enabled,
    staleTime: 60_000,
    queryFn: ({ signal }) => apiRequest(offersApi.productOptions, { signal, silent: true }),
    select: (d): Option[] => d.list.map((p) => ({ value: p.uuid, label: `${p.name} · ${p.advertiser.name}` })),
  });
export const useLandingOptions = (enabled = true) =>
  useQuery({
    queryKey: queryKeys.landingOptions(),
    enabled,
    staleTime: 60_000,
    queryFn: ({ signal }) => apiRequest(landingsApi.options, { signal, silent: true }),
    select: (d): Option[] => d.list.map((l) => ({ value: l.uuid, label: `#${l.id} ${l.name}` })),
  });
export const useManagerOptions = (enabled = true) =>
  useQuery({
    queryKey: queryKeys.managerOptions(),
    enabled,
    staleTime: 60_000,
    queryFn: ({ signal }) => apiRequest(managersApi.options, { signal, silent: true }),
    select: (d): Option[] => d.list.map((m) => ({ value: m.uuid, label: person(m) })),
  });

/**
 * For roles that may not list the records: the values of one dimension in their own report over the period
 * (the server scopes and names them), busiest first.
 */
export const useReportValues = (dimension: StatDimension, base: Record<string, string>, enabled = true) => {
  const query = {
    kind: base.kind,
    date_from: base.date_from,
    date_to: base.date_to,
    tz: base.tz,
    group: dimension,
    sort: 'clicks',
    order: 'desc',
    page: 1,
    count: 100,
  };
  return useQuery({
    queryKey: ['statistic', 'general', query],
    enabled,
    staleTime: 60_000,
    queryFn: ({ signal }) => apiRequest(statisticApi.general, { query, signal, silent: true }),
    select: (d): Option[] =>
      d.list
        .map((row) => ({ value: row.keys[0]?.value ?? '', label: row.keys[0]?.label ?? '' }))
        .filter((o) => o.value),
  });
};

/** Names of picked records opened from a link, where only the UUID is known. */
export function useRecordNames(kind: 'offer' | 'affiliate' | 'advertiser', uuids: readonly string[]): Option[] {
  const results = useQueries({
    queries: uuids.map((uuid) => ({
      // Not the record's own key: this cache holds a label, the record's holds the record.
      queryKey: queryKeys.recordName(kind, uuid),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchName(kind, uuid, signal),
      staleTime: 5 * 60_000,
      retry: false,
    })),
  });
  return uuids.flatMap((uuid, i) => {
    const label = results[i]?.data;
    return label ? [{ value: uuid, label }] : [];
  });
}

async function fetchName(
  kind: 'offer' | 'affiliate' | 'advertiser',
  uuid: string,
  signal: AbortSignal,
): Promise<string> {
  if (kind === 'offer') {
    const o = await apiRequest(offersApi.get, { params: { uuid }, signal, silent: true });
    return `#${o.id} ${o.title}`;
  }
  if (kind === 'affiliate')
    return affiliateLabel(await apiRequest(affiliatesApi.get, { params: { uuid }, signal, silent: true }));
  const a = await apiRequest(advertisersApi.get, { params: { uuid }, signal, silent: true });
  return a.company || person(a);
}
