import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { offersApi } from '@pxl/contract/offers/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export type OfferListQuery = Record<string, string | number>;

export const listOffers = (query: OfferListQuery, signal?: AbortSignal) =>
  apiRequest(offersApi.list, { query, signal });

export const offersQueryOptions = (query: OfferListQuery) =>
  queryOptions({
    queryKey: ['offers', 'list', query],
    queryFn: ({ signal }) => listOffers(query, signal),
    placeholderData: keepPreviousData,
  });

export const useOffers = (query: OfferListQuery) => useQuery(offersQueryOptions(query));
