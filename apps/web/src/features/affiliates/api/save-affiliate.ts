import { useMutation, useQueryClient } from '@tanstack/react-query';
import { affiliatesApi } from '@pxl/contract/affiliates/index';
import type { z } from 'zod';
import type { affiliateCreateSchema, affiliateUpdateSchema } from '@pxl/contract/affiliates/affiliates.schemas';
import { apiRequest } from '@/lib/http/api-client.ts';

export type AffiliateCreateBody = z.output<typeof affiliateCreateSchema>;
export type AffiliateUpdateBody = z.output<typeof affiliateUpdateSchema>;

export const createAffiliate = (body: AffiliateCreateBody) => apiRequest(affiliatesApi.create, { body });
export const updateAffiliate = (uuid: string, body: AffiliateUpdateBody) =>
  apiRequest(affiliatesApi.update, { params: { uuid }, body });

/** Create (no uuid) or edit an affiliate; the lists are refreshed afterwards. */
export function useSaveAffiliate(uuid: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AffiliateCreateBody | AffiliateUpdateBody) =>
      uuid ? updateAffiliate(uuid, body as AffiliateUpdateBody) : createAffiliate(body as AffiliateCreateBody),
    onSuccess: () => client.invalidateQueries({ queryKey: ['affiliates'] }),
  });
}
