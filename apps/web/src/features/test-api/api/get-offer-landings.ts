import { useQuery } from '@tanstack/react-query';
import { offersApi } from '@pxl/contract/offers/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export const getOffer = (uuid: string, signal?: AbortSignal) => apiRequest(offersApi.get, { params: { uuid }, signal });

/**
 * The landings attached to an offer. Same key as the offers screens' record, so an edit there shows here;
 * stale at once, because a test should see the landing statuses the click would meet.
 */
export const useOfferLandings = (uuid: string | null) =>
  useQuery({
    queryKey: ['offers', 'one', uuid ?? ''],
    queryFn: ({ signal }) => getOffer(uuid ?? '', signal),
    enabled: Boolean(uuid),
    staleTime: 0,
    select: (offer) => offer.landings.filter((l) => l.type === 'landing'),
  });
