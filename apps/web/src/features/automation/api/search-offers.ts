import { useQuery } from '@tanstack/react-query';
import { offersApi } from '@pxl/contract/offers/index';
import { apiRequest } from '@/lib/http/api-client.ts';

/** Offers of the network by ID or title, for a rule's scope. Silent: the picker says when it cannot search. */
export const searchOffers = (search: string, signal?: AbortSignal) =>
  apiRequest(offersApi.list, {
    query: { page: 1, count: 30, search: search || undefined, order: 'desc' },
    signal,
    silent: true,
  });

export const useOfferSearch = (search: string) =>
  useQuery({
    queryKey: ['offers', 'list', 'automation-scope', search],
    queryFn: ({ signal }) => searchOffers(search, signal),
    staleTime: 30_000,
  });
