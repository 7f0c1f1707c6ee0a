import { queryOptions, useQuery } from '@tanstack/react-query';
import { offersApi } from '@pxl/contract/offers/index';
import { apiRequest } from '../http/api-client.ts';
import { queryKeys } from './query-keys.ts';

/** Every product with its advertiser and test state: the API offer form attaches from it, the test screen tests it. */
export const getProductOptions = (signal?: AbortSignal) => apiRequest(offersApi.productOptions, { signal });

export const productOptionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.productOptions(),
    queryFn: ({ signal }) => getProductOptions(signal),
    staleTime: 30_000,
  });

export const useProductOptions = (enabled = true) => useQuery({ ...productOptionsQueryOptions(), enabled });
