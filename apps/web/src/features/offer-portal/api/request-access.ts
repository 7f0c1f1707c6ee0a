import { useMutation, useQueryClient } from '@tanstack/react-query';
import { offersPortalApi } from '@pxl/contract/offers/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export const requestOfferAccess = (id: number, message: string) =>
  apiRequest(offersPortalApi.portalRequestAccess, { params: { id }, body: { message } });

/** Asking changes the offer's access badge everywhere, so the detail and the lists are refetched. */
export function useRequestAccess(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => requestOfferAccess(id, message),
    onSuccess: () => client.invalidateQueries({ queryKey: ['offer-portal'] }),
  });
}
