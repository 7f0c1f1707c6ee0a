import { useQuery } from '@tanstack/react-query';
import { offersApi } from '@pxl/contract/offers/index';
import type { OfferType } from '@pxl/contract/offers/offers.schemas';
import { apiRequest } from '@/lib/http/api-client.ts';

/** Offers of one type by title or ID (a number matches the ID exactly): /click serves direct links, the lead API API offers. */
export const searchOffers = (type: OfferType, search: string, signal?: AbortSignal) =>
  apiRequest(offersApi.list, {
    query: { page: 1, count: 30, type, search: search || undefined, order: 'desc' },
    signal,
  });

export const useOfferSearch = (type: OfferType, search: string) =>
  useQuery({
    queryKey: ['offers', 'list', 'test-api', type, search],
    queryFn: ({ signal }) => searchOffers(type, search, signal),
  });
