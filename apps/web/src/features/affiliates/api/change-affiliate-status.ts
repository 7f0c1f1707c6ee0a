import { useMutation, useQueryClient } from '@tanstack/react-query';
import { affiliatesApi } from '@pxl/contract/affiliates/index';
import type { Affiliate } from '@pxl/contract/affiliates/affiliates.schemas';
import { apiRequest } from '@/lib/http/api-client.ts';

export type AffiliateStatus = Affiliate['status'];

export const changeAffiliateStatus = (uuid: string, status: AffiliateStatus) =>
  apiRequest(affiliatesApi.changeStatus, { params: { uuid }, body: { status } });

export function useChangeAffiliateStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, status }: { uuid: string; status: AffiliateStatus }) => changeAffiliateStatus(uuid, status),
    onSuccess: () => client.invalidateQueries({ queryKey: ['affiliates'] }),
  });
}
