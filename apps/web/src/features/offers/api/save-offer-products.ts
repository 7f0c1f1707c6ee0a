import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { offersApi } from '@pxl/contract/offers/index';
import type { offerProductsInputSchema } from '@pxl/contract/offers/offers.schemas';
import { apiRequest } from '@/lib/http/api-client.ts';
import { storeOffer } from './get-offer.ts';

export type OfferProductsBody = z.output<typeof offerProductsInputSchema>;

export const saveOfferProducts = (uuid: string, body: OfferProductsBody) =>
  apiRequest(offersApi.saveProducts, { params: { uuid }, body });

export function useSaveOfferProducts(uuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OfferProductsBody) => saveOfferProducts(uuid, body),
    onSuccess: (offer) => storeOffer(client, offer),
  });
}
