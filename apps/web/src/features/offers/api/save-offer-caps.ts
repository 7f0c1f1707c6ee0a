import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { offersApi } from '@pxl/contract/offers/index';
import type { offerCapsInputSchema } from '@pxl/contract/offers/offers.schemas';
import { apiRequest } from '@/lib/http/api-client.ts';
import { storeOffer } from './get-offer.ts';

export type OfferCapsBody = z.output<typeof offerCapsInputSchema>;

export const saveOfferCaps = (uuid: string, body: OfferCapsBody) =>
  apiRequest(offersApi.saveCaps, { params: { uuid }, body });

export function useSaveOfferCaps(uuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OfferCapsBody) => saveOfferCaps(uuid, body),
    onSuccess: (offer) => storeOffer(client, offer),
  });
}
