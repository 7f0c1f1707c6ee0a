import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { advertisersApi } from '@pxl/contract/advertisers/index';
import type { productInputSchema } from '@pxl/contract/advertisers/advertisers.schemas';
import { apiRequest } from '@/lib/http/api-client.ts';
import { queryKeys } from '@/lib/queries/query-keys.ts';

export type ProductBody = z.output<typeof productInputSchema>;

export const listProducts = (uuid: string, signal?: AbortSignal) =>
  apiRequest(advertisersApi.listProducts, { params: { uuid }, signal });

export const productsQueryOptions = (uuid: string) =>
  queryOptions({ queryKey: ['advertisers', 'products', uuid], queryFn: ({ signal }) => listProducts(uuid, signal) });

export const useProducts = (uuid: string) => useQuery(productsQueryOptions(uuid));

/** Create (no product uuid) or edit a product of an advertiser. */
export function useSaveProduct(advertiser: string, product: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductBody) =>
      product
        ? apiRequest(advertisersApi.updateProduct, { params: { uuid: advertiser, product }, body })
        : apiRequest(advertisersApi.createProduct, { params: { uuid: advertiser }, body }),
    // A changed integration or key makes the product untested: the product pickers (API offers, Test API) show it.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['advertisers'] }),
        client.invalidateQueries({ queryKey: queryKeys.productOptions() }),
      ]),
  });
}

export function useDeleteProduct(advertiser: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (product: string) =>
      apiRequest(advertisersApi.deleteProduct, { params: { uuid: advertiser, product } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['advertisers'] }),
  });
}
