import { useQuery } from '@tanstack/react-query';
import { affiliatesApi } from '@pxl/contract/affiliates/index';
import { offersApi } from '@pxl/contract/offers/index';
import { apiRequest } from '@/lib/http/api-client.ts';

// A filter opened from a link carries only a UUID: these name it (silently; an unknown one stays a UUID).

export const useAffiliateName = (uuid: string | undefined) =>
  useQuery({
    queryKey: ['affiliates', 'one', uuid],
    queryFn: ({ signal }) => apiRequest(affiliatesApi.get, { params: { uuid: uuid ?? '' }, signal, silent: true }),
    enabled: Boolean(uuid),
    select: (a) => `${`${a.first_name} ${a.last_name}`.trim() || a.username || 'Affiliate'} (${a.email})`,
    retry: false,
  });

export const useOfferName = (uuid: string | undefined) =>
  useQuery({
    queryKey: ['offers', 'one', uuid],
    queryFn: ({ signal }) => apiRequest(offersApi.get, { params: { uuid: uuid ?? '' }, signal, silent: true }),
    enabled: Boolean(uuid),
    select: (o) => `#${o.id} ${o.title}`,
    retry: false,
  });
