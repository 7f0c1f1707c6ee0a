import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingApi, type GenerateInvoices } from '@pxl/contract/billing/index';
import { apiRequest } from '@/lib/http/api-client.ts';

/** What a generation would write; nothing is stored. */
export const previewInvoices = (body: GenerateInvoices) => apiRequest(billingApi.preview, { body });
export const generateInvoices = (body: GenerateInvoices) => apiRequest(billingApi.generate, { body });

export const usePreviewInvoices = () => useMutation({ mutationFn: previewInvoices });

/** Invoices hold conversions: the statistics (paid column, balances) are read again as well. */
export function useGenerateInvoices() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: generateInvoices,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['billing'] }),
        client.invalidateQueries({ queryKey: ['statistic'] }),
      ]),
  });
}
