// Test-only: a network with affiliates, an offer and conversions written straight into the table, and the billing
// and payments calls, shared by the billing tests.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { conversions } from '../../db/schema.ts';
import { createTestWorld } from '#test/harness.ts';
import { insertOffer } from '../landings/landings.fixtures.ts';
import { api, createStaffWorld, type Member } from '../managers/staff.fixtures.ts';
import { addPendingAdjustment, type PendingAdjustment } from './adjustments.repository.ts';

const METHODS = [
  { system: 'wire', details: 'IBAN DE00 1234', priority: 2 },
  { system: 'usdt_trc20', details: 'TXyz-wallet-A', priority: 1 },
];

export const createBillingWorld = async (db: Db) => {
  const w = await createStaffWorld(db);
  const affiliate = (over: Record<string, unknown> = {}) =>
    w.member({ role: 'affiliate', managerId: w.managerA.id, paymentMethods: METHODS, minPayoutAmount: 0, ...over });
  const offer = await insertOffer(db, { currency: 'USD' });
  const offer2 = await insertOffer(db, { currency: 'EUR' });
  return {
    ...w,
    affiliate,
    affA: await affiliate(),
    affB: await affiliate(),
    adv: await w.member({ role: 'advertiser', managerId: w.managerA.id }),
    offer,
    offer2,
  };
};
export type BillingWorld = Awaited<ReturnType<typeof createBillingWorld>>;

/** A test file's setup: a test app with a billing world on it. */
export const startBillingWorld = () => createTestWorld((t) => createBillingWorld(t.db));

type ConversionInput = Partial<typeof conversions.$inferInsert> & { affiliateId: string };
/** One conversion (approved, 10.00 USD, today, of `offerId`) written directly: billing reads only the table. */
export const insertConversion = async (db: Db, offerId: string, input: ConversionInput) => {
  const [row] = await db
    .insert(conversions)
    .values({ offerId, goal: 'registration', status: 'approved', payout: 1000, currency: 'USD', ...input })
    .returning({ id: conversions.id });
  return row.id;
};

export const RECONCILED = 'Reconciliation: report.csv, 2026-10-01 – 2026-10-31';

/** A pending adjustment (USD, named after an import) as reconciliation queues it; returns its source id. */
export const insertAdjustment = async (
  db: Db,
  affiliateId: string,
  amount: number,
  over: Partial<PendingAdjustment> = {},
) => {
  const sourceId = over.sourceId ?? randomUUID();
  await addPendingAdjustment(db, {
    affiliateId,
    currency: 'USD',
    amount,
    comment: RECONCILED,
    source: 'reconciliation',
    conversionId: null,
    createdBy: null,
    ...over,
    sourceId,
  });
  return sourceId;
};

export const billingCalls = (app: FastifyInstance) => ({
  preview: (m: Member, body: Record<string, unknown>) => api(app, 'POST', '/api/billing/v1/preview', m.token, body),
  generate: (m: Member, body: Record<string, unknown>) => api(app, 'POST', '/api/billing/v1/generate', m.token, body),
  get: (m: Member, uuid: string) => api(app, 'GET', `/api/billing/v1/${uuid}`, m.token),
  list: (m: Member, query = '') => api(app, 'GET', `/api/billing/v1/list${query}`, m.token),
  conversions: (m: Member, uuid: string, query = '') =>
    api(app, 'GET', `/api/billing/v1/${uuid}/conversions${query}`, m.token),
  update: (m: Member, uuid: string, body: Record<string, unknown>) =>
    api(app, 'PUT', `/api/billing/v1/${uuid}`, m.token, body),
  remove: (m: Member, uuid: string) => api(app, 'DELETE', `/api/billing/v1/${uuid}`, m.token),
  pay: (m: Member, uuid: string, amount: number, over: Record<string, unknown> = {}) =>
    api(app, 'POST', `/api/billing/v1/${uuid}/payments`, m.token, {
      amount,
      paid_on: '2026-11-20',
      reference: 'TX-1',
      method: 'wire',
      ...over,
    }),
  decline: (m: Member, uuid: string, reason = 'Fraud found later') =>
    api(app, 'POST', `/api/billing/v1/${uuid}/status`, m.token, { status: 'declined', reason }),
  payoutBatch: (m: Member, query = '') => api(app, 'GET', `/api/billing/v1/payout-batch${query}`, m.token),
  balance: (m: Member) => api(app, 'GET', '/api/payments/v1/balance', m.token),
  myInvoices: (m: Member, query = '') => api(app, 'GET', `/api/payments/v1/invoices${query}`, m.token),
  myInvoice: (m: Member, uuid: string) => api(app, 'GET', `/api/payments/v1/invoices/${uuid}`, m.token),
});
