import type { z } from 'zod';
import type { invoiceConversionSchema } from '@pxl/contract/billing/index';
import { formatDateLine } from '@pxl/contract/format/date';
import type { ExportColumn } from '@/lib/export/run-export.ts';
import { csvAmount } from './invoice-labels.tsx';

export type InvoiceConversion = z.infer<typeof invoiceConversionSchema>;

/** Columns of an invoice's conversions CSV: one row per conversion the invoice pays. */
export const conversionCsvColumns = (timeZone: string): ExportColumn<InvoiceConversion>[] => [
  { key: 'uuid', header: 'Conversion ID' },
  {
    key: 'created_at',
    header: 'Created',
    exportValue: (c) => formatDateLine(c.created_at, timeZone),
  },
  { key: 'offer', header: 'Offer', exportValue: (c) => `#${c.offer.id} ${c.offer.title}` },
  { key: 'goal', header: 'Goal' },
  { key: 'payout', header: 'Payout', exportValue: (c) => csvAmount(c.payout) },
  { key: 'currency', header: 'Currency' },
  { key: 'status', header: 'Status' },
  { key: 'paid', header: 'Paid', exportValue: (c) => (c.paid ? 'Yes' : 'No') },
];
