import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { billingApi } from '@pxl/contract/billing/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export const getInvoice = (uuid: string, signal?: AbortSignal) =>
  apiRequest(billingApi.get, { params: { uuid }, signal });

export const useInvoice = (uuid: string | undefined) =>
  useQuery({
    queryKey: ['billing', 'one', uuid],
    queryFn: ({ signal }) => getInvoice(uuid ?? '', signal),
    enabled: Boolean(uuid),
  });

export const listInvoiceConversions = (uuid: string, page: number, count: number, signal?: AbortSignal) =>
  apiRequest(billingApi.conversions, { params: { uuid }, query: { page, count }, signal });

export const useInvoiceConversions = (uuid: string, page: number, count: number) =>
  useQuery({
    queryKey: ['billing', 'one', uuid, 'conversions', page, count],
    queryFn: ({ signal }) => listInvoiceConversions(uuid, page, count, signal),
    placeholderData: keepPreviousData,
  });
