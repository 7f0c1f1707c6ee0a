import { defineEndpoint } from '../access/endpoint.ts';
import { uuidParamsSchema } from '../http/list.ts';
import { pageQuerySchema, pagedSchema } from '../http/paging.ts';
import { referralSummarySchema } from './referrals.schemas.ts';
import * as s from './billing.schemas.ts';

const AFFILIATE = ['affiliate'] as const;

/** The affiliate's own money: every answer is about the caller only. */
export const balance = defineEndpoint({
  method: 'GET',
  path: '/api/payments/v1/balance',
  summary: 'My balances per currency, minimum payout and the next invoice',
  roles: AFFILIATE,
  response: s.affiliateBalanceSchema,
});
export const invoices = defineEndpoint({
  method: 'GET',
  path: '/api/payments/v1/invoices',
  summary: 'My invoices',
  roles: AFFILIATE,
  query: pageQuerySchema,
  response: pagedSchema(s.invoiceListItemSchema),
});
export const invoice = defineEndpoint({
  method: 'GET',
  path: '/api/payments/v1/invoices/:uuid',
  summary: 'One of my invoices, read only',
  roles: AFFILIATE,
  params: uuidParamsSchema,
  response: s.invoiceSchema,
});
export const referrals = defineEndpoint({
  method: 'GET',
  path: '/api/referrals/v1/summary',
  summary: 'My referral link, the affiliates who signed up with it and my earnings',
  roles: AFFILIATE,
  response: referralSummarySchema,
});
