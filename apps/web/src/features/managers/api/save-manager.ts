import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { managersApi } from '@pxl/contract/managers/index';
import type { managerCreateSchema, managerUpdateSchema } from '@pxl/contract/managers/managers.schemas';
import { apiRequest } from '@/lib/http/api-client.ts';

export type ManagerCreateBody = z.output<typeof managerCreateSchema>;
export type ManagerUpdateBody = z.output<typeof managerUpdateSchema>;

export function useSaveManager(uuid: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ManagerCreateBody | ManagerUpdateBody) =>
      uuid
        ? apiRequest(managersApi.update, { params: { uuid }, body: body as ManagerUpdateBody })
        : apiRequest(managersApi.create, { body: body as ManagerCreateBody }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['managers'] }),
  });
}
