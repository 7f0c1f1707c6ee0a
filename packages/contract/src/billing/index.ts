export * from './billing.schemas.ts';
export * from './referrals.schemas.ts';
export * as billingApi from './billing.endpoints.ts';
export * as paymentsApi from './payments.endpoints.ts';
