import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { offersApi } from '@pxl/contract/offers/index';
import type { offerTargetingInputSchema } from '@pxl/contract/offers/offers.schemas';
import { apiRequest } from '@/lib/http/api-client.ts';
import { storeOffer } from './get-offer.ts';

export type OfferTargetingBody = z.output<typeof offerTargetingInputSchema>;

export const saveOfferTargeting = (uuid: string, body: OfferTargetingBody) =>
  apiRequest(offersApi.saveTargeting, { params: { uuid }, body });

export function useSaveOfferTargeting(uuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OfferTargetingBody) => saveOfferTargeting(uuid, body),
    onSuccess: (offer) => storeOffer(client, offer),
  });
}
