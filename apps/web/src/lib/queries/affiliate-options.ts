import { useQuery } from '@tanstack/react-query';
import { affiliatesApi } from '@pxl/contract/affiliates/index';
import type { Affiliate } from '@pxl/contract/affiliates/affiliates.schemas';
import type { Option } from '@pxl/contract/constants/options';
import { apiRequest } from '../http/api-client.ts';
import { queryKeys } from './query-keys.ts';

type Named = Pick<Affiliate, 'first_name' | 'last_name' | 'username' | 'email'>;

/** "Andy Affiliate (andy@example.com)": the one way pickers, filters and chips name an affiliate. */
export const affiliateLabel = (a: Named): string =>
  `${`${a.first_name} ${a.last_name}`.trim() || a.username || 'Affiliate'} (${a.email})`;

const toOptions = (d: { list: (Named & { uuid: string })[] }): Option[] =>
  d.list.map((a) => ({ value: a.uuid, label: affiliateLabel(a) }));

/**
 * Affiliates in the caller's scope by name, email or ID, as options. Silent: a picker that cannot search says so
 * in its dropdown instead of raising a notice on every keystroke.
 */
export const useAffiliateOptions = (search: string, enabled = true) =>
  useQuery({
    queryKey: queryKeys.affiliateOptions(search),
    queryFn: ({ signal }) =>
      apiRequest(affiliatesApi.list, {
        query: { page: 1, count: 30, search: search || undefined, order: 'desc' },
        signal,
        silent: true,
      }),
    enabled,
    staleTime: 30_000,
    select: toOptions,
  });

/** The label of an affiliate opened from a link (the URL carries only its UUID); an unknown one stays unnamed. */
export const useAffiliateName = (uuid: string | undefined) =>
  useQuery({
    queryKey: queryKeys.affiliate(uuid),
    queryFn: ({ signal }) => apiRequest(affiliatesApi.get, { params: { uuid: uuid ?? '' }, signal, silent: true }),
    enabled: Boolean(uuid),
    select: affiliateLabel,
    retry: false,
  });
