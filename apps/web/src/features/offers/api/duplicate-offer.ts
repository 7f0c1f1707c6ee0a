import { useMutation, useQueryClient } from '@tanstack/react-query';
import { offersApi } from '@pxl/contract/offers/index';
import { apiRequest } from '@/lib/http/api-client.ts';
import { storeOffer } from './get-offer.ts';

export const duplicateOffer = (uuid: string) => apiRequest(offersApi.duplicate, { params: { uuid } });

/** Copies an offer (as not_active); the answer is the copy. */
export function useDuplicateOffer() {
  const client = useQueryClient();
  return useMutation({ mutationFn: duplicateOffer, onSuccess: (offer) => storeOffer(client, offer) });
}
