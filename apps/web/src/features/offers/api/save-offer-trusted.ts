import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { offersApi } from '@pxl/contract/offers/index';
import type { offerTrustedInputSchema } from '@pxl/contract/offers/offers.schemas';
import { apiRequest } from '@/lib/http/api-client.ts';
import { storeOffer } from './get-offer.ts';

export type OfferTrustedBody = z.output<typeof offerTrustedInputSchema>;

export const saveOfferTrusted = (uuid: string, body: OfferTrustedBody) =>
  apiRequest(offersApi.saveTrusted, { params: { uuid }, body });

export function useSaveOfferTrusted(uuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OfferTrustedBody) => saveOfferTrusted(uuid, body),
    onSuccess: (offer) => storeOffer(client, offer),
  });
}
