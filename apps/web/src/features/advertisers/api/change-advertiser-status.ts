import { useMutation, useQueryClient } from '@tanstack/react-query';
import { advertisersApi } from '@pxl/contract/advertisers/index';
import type { Advertiser } from '@pxl/contract/advertisers/advertisers.schemas';
import { apiRequest } from '@/lib/http/api-client.ts';

export type AdvertiserStatus = Advertiser['status'];

export function useChangeAdvertiserStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, status }: { uuid: string; status: AdvertiserStatus }) =>
      apiRequest(advertisersApi.changeStatus, { params: { uuid }, body: { status } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['advertisers'] }),
  });
}
