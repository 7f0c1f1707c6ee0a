import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentsApi } from '@pxl/contract/billing/index';
import type { Balance } from '@pxl/contract/billing/billing.schemas';
import { apiRequest } from '../http/api-client.ts';
import { queryKeys } from './query-keys.ts';

/** The affiliate's balances: /payments and the dashboard's balance card read the same call, so it lives here. */
export const myBalanceQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.myBalance(),
    queryFn: ({ signal }) => apiRequest(paymentsApi.balance, { signal }),
    staleTime: 30_000,
  });

export const useMyBalance = () => useQuery(myBalanceQueryOptions());

type Bucket = Exclude<keyof Balance, 'currency'>;
/** The five buckets of docs/product/billing.md, in the order money moves through them. */
export const BALANCE_BUCKETS: readonly { key: Bucket; label: string; help: string }[] = [
  { key: 'on_hold', label: 'On hold', help: 'Inside the offer’s hold period' },
  { key: 'pending', label: 'Pending', help: 'Waiting for the advertiser’s approval' },
  { key: 'approved_unpaid', label: 'Approved, unpaid', help: 'Approved and in no invoice yet' },
  { key: 'in_invoices', label: 'In invoices', help: 'Invoiced and not paid yet' },
  { key: 'paid', label: 'Paid', help: 'Paid out to you' },
];
