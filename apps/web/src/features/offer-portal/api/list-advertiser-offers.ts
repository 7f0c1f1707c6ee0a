import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { offersPortalApi } from '@pxl/contract/offers/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export type AdvertiserOfferListQuery = Record<string, string | number>;

export const listAdvertiserOffers = (query: AdvertiserOfferListQuery, signal?: AbortSignal) =>
  apiRequest(offersPortalApi.advertiserList, { query, signal });

export const advertiserOffersQueryOptions = (query: AdvertiserOfferListQuery) =>
  queryOptions({
    queryKey: ['offer-portal', 'advertiser', 'list', query],
    queryFn: ({ signal }) => listAdvertiserOffers(query, signal),
    placeholderData: keepPreviousData,
  });

export const useAdvertiserOffers = (query: AdvertiserOfferListQuery) => useQuery(advertiserOffersQueryOptions(query));
