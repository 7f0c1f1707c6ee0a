import { useQuery } from '@tanstack/react-query';
import { advertisersApi } from '@pxl/contract/advertisers/index';
import { affiliatesApi } from '@pxl/contract/affiliates/index';
import { managersApi } from '@pxl/contract/managers/index';
import type { Option } from '@pxl/contract/constants/options';
import { apiRequest } from '@/lib/http/api-client.ts';

const person = (p: { first_name: string; last_name: string; email: string }) =>
  `${`${p.first_name} ${p.last_name}`.trim() || p.email} (${p.email})`;
const page = (search: string) => ({ page: 1, count: 20, search: search || undefined, order: 'desc' as const });

/** Affiliates and advertisers in the caller's scope, for the partner filter. */
export const usePartnerOptions = (search: string) => {
  const found = useQuery({
    queryKey: ['tickets', 'partner-options', search],
    queryFn: async ({ signal }): Promise<Option[]> => {
      const [aff, adv] = await Promise.all([
        apiRequest(affiliatesApi.list, { query: page(search), signal, silent: true }),
        apiRequest(advertisersApi.list, { query: page(search), signal, silent: true }),
      ]);
      return [
        ...aff.list.map((a) => ({ value: a.uuid, label: person(a) })),
        ...adv.list.map((a) => ({ value: a.uuid, label: `${a.company} (${a.email})` })),
      ];
    },
    staleTime: 30_000,
  });
  return { options: found.data ?? [], fetching: found.isFetching };
};

export const useManagerOptions = (search: string) => {
  const found = useQuery({
    queryKey: ['tickets', 'manager-options'],
    queryFn: ({ signal }) => apiRequest(managersApi.options, { signal, silent: true }),
    staleTime: 60_000,
  });
  const text = search.trim().toLowerCase();
  const options = (found.data?.list ?? [])
    .map((m) => ({ value: m.uuid, label: person(m) }))
    .filter((o) => !text || o.label.toLowerCase().includes(text));
  return { options, fetching: found.isFetching };
};
