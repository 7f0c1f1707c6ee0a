import { useMutation, useQueryClient } from '@tanstack/react-query';
import { offersApi } from '@pxl/contract/offers/index';
import type { OfferStatus } from '@pxl/contract/offers/offers.schemas';
import { apiRequest } from '@/lib/http/api-client.ts';
import { storeOffer } from './get-offer.ts';

export const changeOfferStatus = (uuid: string, status: OfferStatus) =>
  apiRequest(offersApi.changeStatus, { params: { uuid }, body: { status } });

export function useChangeOfferStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, status }: { uuid: string; status: OfferStatus }) => changeOfferStatus(uuid, status),
    onSuccess: (offer) => storeOffer(client, offer),
  });
}
