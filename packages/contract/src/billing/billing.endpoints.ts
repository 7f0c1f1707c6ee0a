import { z } from 'zod';
import { defineEndpoint } from '../access/endpoint.ts';
import { ADMIN_ROLES } from '../access/roles.ts';
import { uuidParamsSchema } from '../http/list.ts';
import { pageQuerySchema, pagedSchema } from '../http/paging.ts';
import * as s from './billing.schemas.ts';

/** Billing belongs to admin and head (docs/product/billing.md); affiliates read their own through payments.endpoints. */
export const list = defineEndpoint({
  method: 'GET',
  path: '/api/billing/v1/list',
  summary: 'Invoices, with totals per currency',
  roles: ADMIN_ROLES,
  query: s.invoiceListQuerySchema,
  response: pagedSchema(s.invoiceListItemSchema),
});
export const preview = defineEndpoint({
  method: 'POST',
  path: '/api/billing/v1/preview',
  summary: 'The invoices a generation would create, without writing anything',
  roles: ADMIN_ROLES,
  body: s.generateInvoicesSchema,
  response: s.previewResponseSchema,
});
export const generate = defineEndpoint({
  method: 'POST',
  path: '/api/billing/v1/generate',
  summary: 'Create invoices for a period or from picked conversions',
  roles: ADMIN_ROLES,
  body: s.generateInvoicesSchema,
  response: s.generateResponseSchema,
  errors: [409],
});
export const payoutBatch = defineEndpoint({
  method: 'GET',
  path: '/api/billing/v1/payout-batch',
  summary: 'Open amounts of waiting and partly paid invoices with account details, for a batch payout',
  roles: ADMIN_ROLES,
  query: s.payoutBatchQuerySchema,
  response: z.object({ list: z.array(s.payoutBatchRowSchema) }),
});
export const get = defineEndpoint({
  method: 'GET',
  path: '/api/billing/v1/:uuid',
  summary: 'One invoice with lines, payments and history',
  roles: ADMIN_ROLES,
  params: uuidParamsSchema,
  response: s.invoiceSchema,
});
export const conversions = defineEndpoint({
  method: 'GET',
  path: '/api/billing/v1/:uuid/conversions',
  summary: 'The conversions an invoice pays',
  roles: ADMIN_ROLES,
  params: uuidParamsSchema,
  query: pageQuerySchema,
  response: pagedSchema(s.invoiceConversionSchema),
});
export const update = defineEndpoint({
  method: 'PUT',
  path: '/api/billing/v1/:uuid',
  summary: 'Change the payment system, adjustments and comment of an unpaid invoice',
  roles: ADMIN_ROLES,
  params: uuidParamsSchema,
  body: s.invoiceUpdateSchema,
  response: s.invoiceSchema,
});
export const remove = defineEndpoint({
  method: 'DELETE',
  path: '/api/billing/v1/:uuid',
  summary: 'Delete a waiting invoice without payments; its conversions are free again',
  roles: ADMIN_ROLES,
  params: uuidParamsSchema,
  response: z.object({ uuid: z.uuid() }),
});
export const addPayment = defineEndpoint({
  method: 'POST',
  path: '/api/billing/v1/:uuid/payments',
  summary: 'Record a payment; paying in full approves the invoice and marks its conversions paid',
  roles: ADMIN_ROLES,
  params: uuidParamsSchema,
  body: s.invoicePaymentInputSchema,
  response: s.invoiceSchema,
});
/** The frozen details follow the affiliate's current ones only when staff ask (docs/product/billing.md). */
export const refreshPaymentDetails = defineEndpoint({
  method: 'POST',
  path: '/api/billing/v1/:uuid/payment-details',
  summary: "Replace an unpaid invoice's frozen payment details with the affiliate's current ones",
  roles: ADMIN_ROLES,
  params: uuidParamsSchema,
  response: s.invoiceSchema,
});
export const changeStatus = defineEndpoint({
  method: 'POST',
  path: '/api/billing/v1/:uuid/status',
  summary: 'Decline an invoice without payments; its conversions are free again',
  roles: ADMIN_ROLES,
  params: uuidParamsSchema,
  body: s.invoiceStatusChangeSchema,
  response: s.invoiceSchema,
});
