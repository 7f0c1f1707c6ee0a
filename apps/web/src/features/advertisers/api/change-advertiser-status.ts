import { useMutation, useQueryClient } from '@tanstack/react-query';
import { advertisersApi } from '@pxl/contract/advertisers/index';
import type { ADVERTISER_STATUSES } from '@pxl/contract/advertisers/advertisers.schemas';
import { apiRequest } from '@/lib/http/api-client.ts';

/** A status staff may set (an answer may show any the account holds). */
export type AdvertiserStatus = (typeof ADVERTISER_STATUSES)[number];

export function useChangeAdvertiserStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, status }: { uuid: string; status: AdvertiserStatus }) =>
      apiRequest(advertisersApi.changeStatus, { params: { uuid }, body: { status } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['advertisers'] }),
  });
}
