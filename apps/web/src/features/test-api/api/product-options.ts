import { useQuery } from '@tanstack/react-query';
import { offersApi } from '@pxl/contract/offers/index';
import { apiRequest } from '@/lib/http/api-client.ts';

/** Every product with its advertiser and test state (the list the API offer form attaches from). */
export const getProductOptions = (signal?: AbortSignal) => apiRequest(offersApi.productOptions, { signal });

// The offer form's key: a test that marks a product tested refreshes both.
export const PRODUCT_OPTIONS_KEY = ['offers', 'product-options'] as const;

export const useProductOptions = () =>
  useQuery({ queryKey: PRODUCT_OPTIONS_KEY, queryFn: ({ signal }) => getProductOptions(signal), staleTime: 30_000 });
