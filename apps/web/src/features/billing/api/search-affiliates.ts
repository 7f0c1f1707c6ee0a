import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { affiliatesApi } from '@pxl/contract/affiliates/index';
import type { Affiliate } from '@pxl/contract/affiliates/affiliates.schemas';
import { apiRequest } from '@/lib/http/api-client.ts';

export const affiliateLabel = (a: Pick<Affiliate, 'first_name' | 'last_name' | 'username' | 'email'>): string =>
  `${`${a.first_name} ${a.last_name}`.trim() || a.username || 'Affiliate'} (${a.email})`;

/** Affiliates by name, email or ID, for the invoice filter and the generation's affiliate picker. */
export const useAffiliateSearch = (search: string) =>
  useQuery({
    queryKey: ['affiliates', 'options', search],
    queryFn: ({ signal }) =>
      apiRequest(affiliatesApi.list, {
        query: { page: 1, count: 30, search: search || undefined, order: 'desc' },
        signal,
        silent: true,
      }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** The name of an affiliate picked in a link (the URL carries only its UUID). */
export const useAffiliateName = (uuid: string | undefined) =>
  useQuery({
    queryKey: ['affiliates', 'one', uuid],
    queryFn: ({ signal }) => apiRequest(affiliatesApi.get, { params: { uuid: uuid ?? '' }, signal, silent: true }),
    enabled: Boolean(uuid),
    select: affiliateLabel,
    retry: false,
  });
