import { queryOptions, useQuery } from '@tanstack/react-query';
import { offersApi } from '@pxl/contract/offers/index';
import { apiRequest } from '@/lib/http/api-client.ts';

const PICKER_SIZE = 20;

/** Offers for the "offers attached" picker: the newest that match the text (ID or title); deleted ones are not listed. */
export const searchOffers = (search: string, signal?: AbortSignal) =>
  apiRequest(offersApi.list, {
    query: { page: 1, count: PICKER_SIZE, search: search || undefined },
    signal,
    silent: true,
  });

export const offerSearchQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['offers', 'landing-picker', search],
    queryFn: ({ signal }) => searchOffers(search, signal),
    staleTime: 30_000,
  });

export const useOfferSearch = (search: string) => useQuery(offerSearchQueryOptions(search));
