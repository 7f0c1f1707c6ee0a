import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { offersApi } from '@pxl/contract/offers/index';
import type { accessRequestDecisionSchema } from '@pxl/contract/offers/portal.schemas';
import { apiRequest } from '@/lib/http/api-client.ts';

export type AccessDecisionBody = z.input<typeof accessRequestDecisionSchema>;

export const decideAccessRequest = (uuid: string, body: AccessDecisionBody) =>
  apiRequest(offersApi.decideAccessRequest, { params: { uuid }, body });

/** Approving adds the affiliate to the trusted list, so the offer itself is refetched too. */
export function useDecideAccessRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, body }: { uuid: string; body: AccessDecisionBody }) => decideAccessRequest(uuid, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['offers'] }),
  });
}
