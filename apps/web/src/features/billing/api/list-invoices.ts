import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { billingApi } from '@pxl/contract/billing/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export type InvoiceListQuery = Record<string, string | number>;

export const listInvoices = (query: InvoiceListQuery, signal?: AbortSignal) =>
  apiRequest(billingApi.list, { query, signal });

export const invoicesQueryOptions = (query: InvoiceListQuery) =>
  queryOptions({
    queryKey: ['billing', 'list', query],
    queryFn: ({ signal }) => listInvoices(query, signal),
    placeholderData: keepPreviousData,
  });

export const useInvoices = (query: InvoiceListQuery) => useQuery(invoicesQueryOptions(query));
