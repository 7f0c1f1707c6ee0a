import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { offersApi } from '@pxl/contract/offers/index';
import type { offerLandingsInputSchema } from '@pxl/contract/offers/offers.schemas';
import { apiRequest } from '@/lib/http/api-client.ts';
import { storeOffer } from './get-offer.ts';

export type OfferLandingsBody = z.output<typeof offerLandingsInputSchema>;

export const saveOfferLandings = (uuid: string, body: OfferLandingsBody) =>
  apiRequest(offersApi.saveLandings, { params: { uuid }, body });

export function useSaveOfferLandings(uuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OfferLandingsBody) => saveOfferLandings(uuid, body),
    onSuccess: (offer) => storeOffer(client, offer),
  });
}
