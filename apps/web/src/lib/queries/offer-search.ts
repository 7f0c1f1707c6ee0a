import { useQuery } from '@tanstack/react-query';
import { offersApi } from '@pxl/contract/offers/index';
import type { OfferType } from '@pxl/contract/offers/offers.schemas';
import { apiRequest } from '../http/api-client.ts';

const PICKER_SIZE = 30;

/**
 * `type`: offers of one type only. `silent` (the default): a picker that says itself when it cannot search; a filter
 * that cannot say it leaves the failure to the usual notification.
 */
export type OfferSearchOptions = { type?: OfferType; silent?: boolean };

/** The newest offers matching the text (a number matches the ID exactly, else the title), for every offer picker. */
export const searchOffers = (search: string, { type, silent = true }: OfferSearchOptions, signal?: AbortSignal) =>
  apiRequest(offersApi.list, {
    query: { page: 1, count: PICKER_SIZE, type, search: search || undefined, order: 'desc' },
    signal,
    silent,
  });

export const useOfferSearch = (search: string, options: OfferSearchOptions = {}) =>
  useQuery({
    queryKey: ['offers', 'search', options.type ?? 'any', search],
    queryFn: ({ signal }) => searchOffers(search, options, signal),
    staleTime: 30_000,
  });
