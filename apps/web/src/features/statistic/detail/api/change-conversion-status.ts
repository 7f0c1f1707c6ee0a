import { useMutation, useQueryClient } from '@tanstack/react-query';
import { conversionsApi, type conversionStatusChangeSchema } from '@pxl/contract/conversions/index';
import type { z } from 'zod';
import { apiRequest } from '@/lib/http/api-client.ts';

export type StatusChange = z.output<typeof conversionStatusChangeSchema>;

export const changeConversionStatus = (uuid: string, body: StatusChange) =>
  apiRequest(conversionsApi.changeStatus, { params: { uuid }, body });

/**
 * Approve, reject or hold (POST /api/conversions/v1/:uuid/status). Afterwards every statistics query is read again:
 * the detail's history and postbacks, the conversion log and the report figures all move with the status.
 */
export const useChangeConversionStatus = (uuid: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StatusChange) => changeConversionStatus(uuid, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['statistic'] }),
  });
};
