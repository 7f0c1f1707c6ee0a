import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { offersPortalApi } from '@pxl/contract/offers/index';
import { apiRequest } from '@/lib/http/api-client.ts';

/** tab, paging, search and filters; the server parses it with portalListQuerySchema. */
export type PortalListQuery = Record<string, string | number>;

export const listPortalOffers = (query: PortalListQuery, signal?: AbortSignal) =>
  apiRequest(offersPortalApi.portalList, { query, signal });

export const portalOffersQueryOptions = (query: PortalListQuery) =>
  queryOptions({
    queryKey: ['offer-portal', 'list', query],
    queryFn: ({ signal }) => listPortalOffers(query, signal),
    placeholderData: keepPreviousData,
  });

export const usePortalOffers = (query: PortalListQuery) => useQuery(portalOffersQueryOptions(query));
