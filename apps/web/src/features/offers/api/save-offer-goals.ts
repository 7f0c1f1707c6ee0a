import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { offersApi } from '@pxl/contract/offers/index';
import type { offerGoalsInputSchema } from '@pxl/contract/offers/offers.schemas';
import { apiRequest } from '@/lib/http/api-client.ts';
import { storeOffer } from './get-offer.ts';

export type OfferGoalsBody = z.output<typeof offerGoalsInputSchema>;

export const saveOfferGoals = (uuid: string, body: OfferGoalsBody) =>
  apiRequest(offersApi.saveGoals, { params: { uuid }, body });

export function useSaveOfferGoals(uuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OfferGoalsBody) => saveOfferGoals(uuid, body),
    onSuccess: (offer) => storeOffer(client, offer),
  });
}
