import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { offersApi } from '@pxl/contract/offers/index';
import type { OfferDetail } from '@pxl/contract/offers/offers.schemas';
import { apiRequest } from '@/lib/http/api-client.ts';

export const getOffer = (uuid: string, signal?: AbortSignal) => apiRequest(offersApi.get, { params: { uuid }, signal });

export const offerQueryOptions = (uuid: string) =>
  queryOptions({ queryKey: ['offers', 'one', uuid], queryFn: ({ signal }) => getOffer(uuid, signal) });

export const useOffer = (uuid: string | undefined) =>
  useQuery({ ...offerQueryOptions(uuid ?? ''), enabled: Boolean(uuid) });

/** Every write answers the whole offer: keep it as the cached record and let the lists refetch. */
export function storeOffer(client: QueryClient, offer: OfferDetail): void {
  client.setQueryData(offerQueryOptions(offer.uuid).queryKey, offer);
  void client.invalidateQueries({ queryKey: ['offers', 'list'] });
}
