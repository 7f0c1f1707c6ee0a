import { useMutation, useQueryClient } from '@tanstack/react-query';
import { conversionsApi, type conversionFraudOverrideSchema } from '@pxl/contract/conversions/index';
import type { z } from 'zod';
import { apiRequest } from '@/lib/http/api-client.ts';

export type FraudOverride = z.output<typeof conversionFraudOverrideSchema>;

export const overrideConversionFraud = (uuid: string, body: FraudOverride) =>
  apiRequest(conversionsApi.fraudOverride, { params: { uuid }, body });

/** Release a conversion held or rejected for traffic quality; the statistics are read again, as after a status change. */
export const useOverrideConversionFraud = (uuid: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FraudOverride) => overrideConversionFraud(uuid, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['statistic'] }),
  });
};
