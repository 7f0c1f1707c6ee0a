import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { paymentsApi } from '@pxl/contract/billing/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export const MY_INVOICES_PAGE = 20;

/** The affiliate's own invoices, newest first (the server scopes them to the caller). */
export const useMyInvoices = (page: number) =>
  useQuery({
    queryKey: ['payments', 'invoices', page],
    queryFn: ({ signal }) => apiRequest(paymentsApi.invoices, { query: { page, count: MY_INVOICES_PAGE }, signal }),
    placeholderData: keepPreviousData,
  });

/** One of them, read only; nothing is fetched until one is opened. */
export const useMyInvoice = (uuid: string | null) =>
  useQuery({
    queryKey: ['payments', 'invoice', uuid],
    queryFn: ({ signal }) => apiRequest(paymentsApi.invoice, { params: { uuid: uuid! }, signal }),
    enabled: uuid !== null,
  });
