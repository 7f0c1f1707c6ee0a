import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  billingApi,
  type InvoicePaymentInput,
  type InvoiceUpdate,
  type invoiceStatusChangeSchema,
} from '@pxl/contract/billing/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export type InvoiceDecline = z.output<typeof invoiceStatusChangeSchema>;

export const updateInvoice = (uuid: string, body: InvoiceUpdate) =>
  apiRequest(billingApi.update, { params: { uuid }, body });
export const deleteInvoice = (uuid: string) => apiRequest(billingApi.remove, { params: { uuid } });
export const addInvoicePayment = (uuid: string, body: InvoicePaymentInput) =>
  apiRequest(billingApi.addPayment, { params: { uuid }, body });
export const declineInvoice = (uuid: string, body: InvoiceDecline) =>
  apiRequest(billingApi.changeStatus, { params: { uuid }, body });
export const refreshInvoicePaymentDetails = (uuid: string) =>
  apiRequest(billingApi.refreshPaymentDetails, { params: { uuid } });

/** Every change of an invoice moves its conversions (paid, held) too: billing and statistics are read again. */
function useInvoiceMutation<B, R>(call: (body: B) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['billing'] }),
        client.invalidateQueries({ queryKey: ['statistic'] }),
      ]),
  });
}

export const useUpdateInvoice = (uuid: string) =>
  useInvoiceMutation((body: InvoiceUpdate) => updateInvoice(uuid, body));
export const useDeleteInvoice = (uuid: string) => useInvoiceMutation(() => deleteInvoice(uuid));
export const useAddInvoicePayment = (uuid: string) =>
  useInvoiceMutation((body: InvoicePaymentInput) => addInvoicePayment(uuid, body));
export const useRefreshPaymentDetails = (uuid: string) => useInvoiceMutation(() => refreshInvoicePaymentDetails(uuid));
export const useDeclineInvoice = (uuid: string) =>
  useInvoiceMutation((body: InvoiceDecline) => declineInvoice(uuid, body));
