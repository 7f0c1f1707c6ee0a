import { useQuery } from '@tanstack/react-query';
import { offersApi } from '@pxl/contract/offers/index';
import { apiRequest } from '@/lib/http/api-client.ts';

/** One offer: its title names a rule's scope, its caps are what a set-cap action may change. */
export const getOffer = (uuid: string, signal?: AbortSignal) =>
  apiRequest(offersApi.get, { params: { uuid }, signal, silent: true });

export const useOffer = (uuid: string | null) =>
  useQuery({
    queryKey: ['offers', 'one', uuid],
    queryFn: ({ signal }) => getOffer(uuid ?? '', signal),
    enabled: Boolean(uuid),
    staleTime: 30_000,
    retry: false,
  });
