import { useQuery } from '@tanstack/react-query';
import { offersPortalApi } from '@pxl/contract/offers/index';
import { apiRequest } from '@/lib/http/api-client.ts';

/** The affiliate's own offers by ID or title, for a per-offer postback URL. */
export const searchPortalOffers = (search: string, signal?: AbortSignal) =>
  apiRequest(offersPortalApi.portalList, {
    query: { tab: 'all', page: 1, count: 30, search: search || undefined },
    signal,
    silent: true,
  });

export const usePortalOfferSearch = (search: string) =>
  useQuery({
    queryKey: ['postbacks', 'portal-offers', search],
    queryFn: ({ signal }) => searchPortalOffers(search, signal),
    staleTime: 30_000,
  });
