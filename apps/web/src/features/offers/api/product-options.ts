import { queryOptions, useQuery } from '@tanstack/react-query';
import { offersApi } from '@pxl/contract/offers/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export const getProductOptions = (signal?: AbortSignal) => apiRequest(offersApi.productOptions, { signal });

export const productOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['offers', 'product-options'],
    queryFn: ({ signal }) => getProductOptions(signal),
    staleTime: 30_000,
  });

export const useProductOptions = (enabled = true) => useQuery({ ...productOptionsQueryOptions(), enabled });
