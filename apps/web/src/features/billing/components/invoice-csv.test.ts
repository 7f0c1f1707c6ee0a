import { describe, expect, it } from 'vitest';
import type { InvoiceListItem } from '@pxl/contract/billing/index';
import { exportRow } from '@/lib/export/run-export.ts';
import { conversionCsvColumns } from './conversion-csv.ts';
import { currencyTotals } from './currency-totals.ts';
import { invoiceColumns } from './invoice-columns.tsx';
import { payoutBatchFiles, type PayoutRow } from './payout-batch-files.ts';

const ann = { uuid: '6f1c1f5e-1d2b-4c3a-9e8f-0a1b2c3d4e5f', name: 'Ann', email: 'ann@example.com' };
const bob = { uuid: '9f1c1f5e-1d2b-4c3a-9e8f-0a1b2c3d4e5f', name: 'Bob', email: 'bob@example.com' };
const row = (over: Partial<PayoutRow>): PayoutRow => ({
  invoice_uuid: '8a1c1f5e-1d2b-4c3a-9e8f-0a1b2c3d4e5f',
  number: 'INV-2026-000001',
  affiliate: ann,
  currency: 'USD',
  amount: 12345,
  payment_system: 'wire',
  account_details: 'IBAN DE00 1234',
  ...over,
});

describe('invoice list CSV', () => {
  it('exports amounts as plain numbers beside the currency, and the period and status as read', () => {
    const invoice: InvoiceListItem = {
      uuid: '8a1c1f5e-1d2b-4c3a-9e8f-0a1b2c3d4e5f',
      number: 'INV-2026-000123',
      affiliate: ann,
      period_from: '2026-10-01',
      period_to: '2026-10-31',
      currency: 'EUR',
      total: 150075,
      paid: 50000,
      status: 'partly_paid',
      payment_system: 'usdt_trc20',
      created_at: '2026-11-01T09:30:00.000Z',
    };
    expect(exportRow(invoice, invoiceColumns('Europe/Kyiv'))).toEqual({
      number: 'INV-2026-000123',
      affiliate: 'Ann (ann@example.com)',
      period: '01.10.2026 – 31.10.2026',
      currency: 'EUR',
      total: '1500.75',
      paid: '500.00',
      status: 'Partly paid',
      payment_system: 'USDT (TRC20)',
      created_at: '01.11.2026 11:30',
    });
  });

  it("reads the page's totals per currency from the response, paid summed from the same rows", () => {
    const rows = [
      { currency: 'USD', paid: 400 },
      { currency: 'USD', paid: 100 },
      { currency: 'EUR', paid: 0 },
    ];
    expect(currencyTotals({ USD: 1000, EUR: 50 }, rows)).toEqual([
      { currency: 'EUR', total: 50, paid: 0 },
      { currency: 'USD', total: 1000, paid: 500 },
    ]);
    expect(currencyTotals(undefined, rows)).toEqual([]);
  });
});

describe('payout batch', () => {
  it('gives one file per payment system with the account details and the open amount', () => {
    const files = payoutBatchFiles(
      [
        row({}),
        row({
          number: 'INV-2026-000002',
          affiliate: bob,
          payment_system: 'paypal',
          account_details: 'bob@pay.example',
        }),
        row({ number: 'INV-2026-000003', amount: 5, currency: 'EUR', account_details: 'IBAN "x", DE' }),
        row({ number: 'INV-2026-000004', payment_system: null, account_details: null }),
        row({ number: 'INV-2026-000005', amount: 0 }),
      ],
      '2026-11-25',
    );
    expect(files.map((f) => f.filename)).toEqual([
      'payout-batch-no-payment-system-2026-11-25.csv',
      'payout-batch-paypal-2026-11-25.csv',
      'payout-batch-wire-2026-11-25.csv',
    ]);
    expect(files[2]!.content.split('\n')).toEqual([
      'Invoice,Affiliate,Email,Payment system,Account details,Amount,Currency',
      'INV-2026-000001,Ann,ann@example.com,Bank wire,IBAN DE00 1234,123.45,USD',
      'INV-2026-000003,Ann,ann@example.com,Bank wire,"IBAN ""x"", DE",0.05,EUR',
    ]);
    expect(files[0]!.content).toContain('INV-2026-000004,Ann,ann@example.com,,,123.45,USD');
  });

  it('gives no file when nothing is open', () => {
    expect(payoutBatchFiles([row({ amount: 0 })], '2026-11-25')).toEqual([]);
  });
});

describe('conversions CSV of an invoice', () => {
  it('has one row per conversion with its payout as a number', () => {
    const conversion = {
      uuid: '5a1c1f5e-1d2b-4c3a-9e8f-0a1b2c3d4e5f',
      created_at: '2026-10-03T23:10:00.000Z',
      offer: { uuid: '7a1c1f5e-1d2b-4c3a-9e8f-0a1b2c3d4e5f', id: 12, title: 'Royal Spins' },
      goal: 'deposit',
      payout: 2500,
      currency: 'USD' as const,
      status: 'approved',
      paid: true,
    };
    expect(exportRow(conversion, conversionCsvColumns('UTC'))).toEqual({
      uuid: conversion.uuid,
      created_at: '03.10.2026 23:10',
      offer: '#12 Royal Spins',
      goal: 'deposit',
      payout: '25.00',
      currency: 'USD',
      status: 'approved',
      paid: 'Yes',
    });
  });
});
