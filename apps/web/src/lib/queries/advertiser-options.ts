import { queryOptions, useQuery } from '@tanstack/react-query';
import { advertisersApi } from '@pxl/contract/advertisers/index';
import type { Option } from '@pxl/contract/constants/options';
import { apiRequest } from '../http/api-client.ts';
import { queryKeys } from './query-keys.ts';

type Named = { company: string; first_name: string; last_name: string; email: string };

/** The one way pickers, filters and chips name an advertiser: the company, else the person, else the email. */
export const advertiserLabel = (a: Named): string => a.company || `${a.first_name} ${a.last_name}`.trim() || a.email;

/** Advertisers in the caller's scope matching a search, for the pickers and list filters. */
export const searchAdvertisers = (search: string, signal?: AbortSignal) =>
  apiRequest(advertisersApi.list, {
    query: { page: 1, count: 30, search: search || undefined, sort: 'company', order: 'asc' },
    signal,
  });

export const advertiserOptionsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: queryKeys.advertiserOptions(search),
    queryFn: ({ signal }) => searchAdvertisers(search, signal),
    staleTime: 30_000,
  });

export const useAdvertiserOptions = (search: string) => useQuery(advertiserOptionsQueryOptions(search));

/** The advertiser a URL filter names (only its UUID is there): the list search matches a pasted UUID exactly. */
export function useChosenAdvertiser(uuid: string | undefined): Option | null {
  const found = useAdvertiserOptions(uuid ?? '');
  const a = uuid ? found.data?.list.find((x) => x.uuid === uuid) : undefined;
  return a ? { value: a.uuid, label: advertiserLabel(a) } : null;
}
