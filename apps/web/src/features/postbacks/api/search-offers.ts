import { useQuery } from '@tanstack/react-query';
import { offersApi } from '@pxl/contract/offers/index';
import { apiRequest } from '@/lib/http/api-client.ts';

/** Offers of the network by ID or title, for the log filter. */
export const searchOffers = (search: string, signal?: AbortSignal) =>
  apiRequest(offersApi.list, {
    query: { page: 1, count: 30, search: search || undefined, order: 'desc' },
    signal,
    silent: true,
  });

export const useOfferSearch = (search: string) =>
  useQuery({
    queryKey: ['offers', 'list', 'postback-filter', search],
    queryFn: ({ signal }) => searchOffers(search, signal),
    staleTime: 30_000,
  });
