// The public entry of the billing module: what code outside it may import (docs/architecture.md, "Dependencies
// point one way"). Its other files are its own.
export {
  addPendingAdjustment,
  dropPendingAdjustments,
  storedAdjustments,
  type PendingAdjustment,
} from './adjustments.repository.ts';
export { billingRoutes } from './billing.routes.ts';
export { runGeneration } from './billing.service.ts';
export { declineInvoice, updateInvoice } from './invoice-changes.service.ts';
export { assertNotInvoiced, invoicedConversions, invoicesHolding } from './invoice-lock.repository.ts';
export { addPayment } from './invoice-payment.service.ts';

// Used only by tests and benchmarks outside the module.
export { readBalance, readBalances } from './balances.repository.ts';
export { type GenerateScope, generateSql, paramsOf } from './generate-sql.ts';
export { generateInvoices } from './generate.repository.ts';
