import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { offersApi } from '@pxl/contract/offers/index';
import { apiRequest } from '../../../lib/http/api-client.ts';

/** Direct-link offers by title or ID (a number matches the ID exactly); /click only serves this type. */
export const searchOffers = (search: string, signal?: AbortSignal) =>
  apiRequest(offersApi.list, { query: { page: 1, count: 30, type: 'direct_link', search: search || undefined, order: 'desc' }, signal });

export const useOfferSearch = (search: string) => useQuery({
  queryKey: ['offers', 'list', 'test-api', search],
  queryFn: ({ signal }) => searchOffers(search, signal),
  placeholderData: keepPreviousData,
});
