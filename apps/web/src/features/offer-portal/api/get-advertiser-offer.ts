import { queryOptions, useQuery } from '@tanstack/react-query';
import { offersPortalApi } from '@pxl/contract/offers/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export const getAdvertiserOffer = (uuid: string, signal?: AbortSignal) =>
  apiRequest(offersPortalApi.advertiserGet, { params: { uuid }, signal });

export const advertiserOfferQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: ['offer-portal', 'advertiser', 'one', uuid],
    queryFn: ({ signal }) => getAdvertiserOffer(uuid, signal),
  });

export const useAdvertiserOffer = (uuid: string) =>
  useQuery({ ...advertiserOfferQueryOptions(uuid), enabled: Boolean(uuid) });
