import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { advertisersApi } from '@pxl/contract/advertisers/index';
import type { advertiserCreateSchema, advertiserUpdateSchema } from '@pxl/contract/advertisers/advertisers.schemas';
import { apiRequest } from '@/lib/http/api-client.ts';

export type AdvertiserCreateBody = z.output<typeof advertiserCreateSchema>;
export type AdvertiserUpdateBody = z.output<typeof advertiserUpdateSchema>;

export const createAdvertiser = (body: AdvertiserCreateBody) => apiRequest(advertisersApi.create, { body });
export const updateAdvertiser = (uuid: string, body: AdvertiserUpdateBody) =>
  apiRequest(advertisersApi.update, { params: { uuid }, body });

export function useSaveAdvertiser(uuid: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdvertiserCreateBody | AdvertiserUpdateBody) =>
      uuid ? updateAdvertiser(uuid, body as AdvertiserUpdateBody) : createAdvertiser(body as AdvertiserCreateBody),
    onSuccess: () => client.invalidateQueries({ queryKey: ['advertisers'] }),
  });
}
