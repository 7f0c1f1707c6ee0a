import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { offersApi } from '@pxl/contract/offers/index';
import type { offerCreateSchema, offerUpdateSchema } from '@pxl/contract/offers/offers.schemas';
import { apiRequest } from '@/lib/http/api-client.ts';
import { storeOffer } from './get-offer.ts';

export type OfferCreateBody = z.output<typeof offerCreateSchema>;
export type OfferUpdateBody = z.output<typeof offerUpdateSchema>;

export const createOffer = (body: OfferCreateBody) => apiRequest(offersApi.create, { body });
export const updateOffer = (uuid: string, body: OfferUpdateBody) =>
  apiRequest(offersApi.update, { params: { uuid }, body });

/** The primary section: creates the offer (no uuid yet) or edits it. */
export function useSaveOffer(uuid: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OfferCreateBody | OfferUpdateBody) =>
      uuid ? updateOffer(uuid, body as OfferUpdateBody) : createOffer(body as OfferCreateBody),
    onSuccess: (offer) => storeOffer(client, offer),
  });
}
