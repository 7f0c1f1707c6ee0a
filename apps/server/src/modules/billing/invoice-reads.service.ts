import type { InvoiceListQuery } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { generalSettings } from '../settings/index.ts';
import { findInvoice } from './invoice-detail.repository.ts';
import { findInvoiceRow, listInvoices, listOwnInvoices } from './invoices.repository.ts';
import { listInvoiceConversions, listPayoutBatch } from './payouts.repository.ts';

type Page = { page: number; count: number };

export const invoiceList = async ({ db }: AppDeps, q: InvoiceListQuery) => {
  const { time_zone } = await generalSettings.get(db);
  return listInvoices(db, q, time_zone);
};

export const staffInvoice = async ({ db }: AppDeps, id: string) => {
  const found = await findInvoice(db, id);
  if (!found) throw notFound('Invoice');
  return found;
};

export const invoiceConversions = async ({ db }: AppDeps, id: string, page: Page) => {
  if (!(await findInvoiceRow(db, id))) throw notFound('Invoice');
  return listInvoiceConversions(db, id, page);
};

export const payoutBatch = async ({ db }: AppDeps, q: { payment_system?: string; currency?: string }) => ({
  list: await listPayoutBatch(db, q),
});

/** The affiliate's own invoices only: another's is absent (404), and staff names are left out. */
export const ownInvoices = ({ db }: AppDeps, affiliateId: string, page: Page) => listOwnInvoices(db, affiliateId, page);

export const ownInvoice = async ({ db }: AppDeps, affiliateId: string, id: string) => {
  const found = await findInvoice(db, id, affiliateId);
  if (!found) throw notFound('Invoice');
  return found;
};
