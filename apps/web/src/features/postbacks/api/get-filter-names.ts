import { useQuery } from '@tanstack/react-query';
import { offersApi } from '@pxl/contract/offers/index';
import { apiRequest } from '@/lib/http/api-client.ts';

// A filter opened from a link carries only a UUID: this names it (silently; an unknown one stays a UUID).

export const useOfferName = (uuid: string | undefined) =>
  useQuery({
    queryKey: ['offers', 'one', uuid],
    queryFn: ({ signal }) => apiRequest(offersApi.get, { params: { uuid: uuid ?? '' }, signal, silent: true }),
    enabled: Boolean(uuid),
    select: (o) => `#${o.id} ${o.title}`,
    retry: false,
  });
