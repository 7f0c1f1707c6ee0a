import { Badge } from '@mantine/core';
import { PAID_STATUSES, PAYMENT_SYSTEMS, type Currency } from '@pxl/contract/constants/constants.data';
import type { InvoiceStatus } from '@pxl/contract/billing/index';
import { formatMoney } from '@pxl/contract/format/money';
import { formatDate } from '@pxl/contract/format/date';
import type { Option } from '@pxl/contract/constants/options';
import { minorToText } from '@/lib/money.ts';

export const STATUS_OPTIONS: Option[] = Object.entries(PAID_STATUSES).map(([value, label]) => ({ value, label }));
export const PAYMENT_SYSTEM_OPTIONS: Option[] = Object.entries(PAYMENT_SYSTEMS).map(([value, label]) => ({
  value,
  label,
}));

const STATUS_COLORS: Record<InvoiceStatus, string> = {
  waiting: 'yellow',
  partly_paid: 'blue',
  approved: 'green',
  declined: 'gray',
};

export const statusText = (status: string): string => (PAID_STATUSES as Record<string, string>)[status] ?? status;
export const paymentSystemText = (system: string | null | undefined): string =>
  system ? ((PAYMENT_SYSTEMS as Record<string, string>)[system] ?? system) : '';

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" radius="sm" data-status={status}>
      {statusText(status)}
    </Badge>
  );
}

/** 1234, 'EUR' → "€12.34" on screen. */
export const money = (minor: number, currency: string): string => formatMoney(minor, currency as Currency);
/** 1234 → "12.34" in a CSV: a number a spreadsheet sums, the currency in its own column. */
export const csvAmount = (minor: number): string => minorToText(minor);

const day = (value: string | null) => formatDate(value).date;
/** "01.10.2026 – 31.10.2026"; an invoice made from picked conversions has no period. */
export const periodText = (from: string | null, to: string | null): string =>
  from || to ? `${day(from)} – ${day(to)}` : '';

export const partyText = (p: { name: string; email: string }): string =>
  p.name && p.email ? `${p.name} (${p.email})` : p.name || p.email;

export const detailPath = (uuid: string) => `/billing/invoice-detail/${uuid}`;
export const editPath = (uuid: string) => `/billing/invoice-edit/${uuid}`;
export const deletePath = (uuid: string) => `/billing/invoice-delete/${uuid}`;

/** Edits and payments are taken while the invoice is open; deleting only before anything is paid. */
export const isOpen = (status: InvoiceStatus): boolean => status === 'waiting' || status === 'partly_paid';
export const canDelete = (i: { status: InvoiceStatus; paid: number }): boolean =>
  i.status === 'waiting' && i.paid === 0;
export const canDecline = (i: { status: InvoiceStatus; paid: number }): boolean => isOpen(i.status) && i.paid === 0;

/** The conversion detail of the statistics; opened under the other kind's tab, it moves to the right one. */
export const conversionPath = (uuid: string) => `/statistic/direct-link/conversion/detail/${uuid}`;
