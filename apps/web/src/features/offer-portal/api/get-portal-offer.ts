import { queryOptions, useQuery } from '@tanstack/react-query';
import { offersPortalApi } from '@pxl/contract/offers/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export const getPortalOffer = (id: number, signal?: AbortSignal) =>
  apiRequest(offersPortalApi.portalGet, { params: { id }, signal });

export const portalOfferQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['offer-portal', 'one', id], queryFn: ({ signal }) => getPortalOffer(id, signal) });

export const usePortalOffer = (id: number) => useQuery({ ...portalOfferQueryOptions(id), enabled: id > 0 });
