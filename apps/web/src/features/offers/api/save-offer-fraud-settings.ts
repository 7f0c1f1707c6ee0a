import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { offersApi } from '@pxl/contract/offers/index';
import type { offerFraudInputSchema } from '@pxl/contract/offers/offers.schemas';
import { apiRequest } from '@/lib/http/api-client.ts';
import { storeOffer } from './get-offer.ts';

export type OfferFraudBody = z.output<typeof offerFraudInputSchema>;

export const saveOfferFraudSettings = (uuid: string, body: OfferFraudBody) =>
  apiRequest(offersApi.saveFraudSettings, { params: { uuid }, body });

export function useSaveOfferFraudSettings(uuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OfferFraudBody) => saveOfferFraudSettings(uuid, body),
    onSuccess: (offer) => storeOffer(client, offer),
  });
}
