import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountApi } from '@pxl/contract/account/index';
import { apiRequest } from '@/lib/http/api-client.ts';

export const PAYMENT_METHODS_KEY = ['account', 'payment-methods'] as const;

export const getPaymentMethods = (signal?: AbortSignal) => apiRequest(accountApi.getPaymentMethods, { signal });

export const paymentMethodsQueryOptions = () =>
  queryOptions({ queryKey: PAYMENT_METHODS_KEY, queryFn: ({ signal }) => getPaymentMethods(signal) });

export const usePaymentMethods = () => useQuery(paymentMethodsQueryOptions());
