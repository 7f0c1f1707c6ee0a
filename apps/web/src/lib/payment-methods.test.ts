import { describe, expect, it } from 'vitest';
import {
  freeSystems,
  methodsFromRows,
  moveRow,
  rowErrorsFrom,
  rowsFromMethods,
  type PaymentRow,
} from './payment-methods.ts';

const row = (system: string | null, details: string): PaymentRow => ({ key: `${system}-${details}`, system, details });

describe('rowsFromMethods', () => {
  it('orders rows by priority', () => {
    const rows = rowsFromMethods([
      { system: 'wire', details: 'IBAN', priority: 3 },
      { system: 'btc', details: 'bc1', priority: 1 },
      { system: 'paypal', details: 'p@x', priority: 2 },
    ]);
    expect(rows.map((r) => r.system)).toEqual(['btc', 'paypal', 'wire']);
    expect(new Set(rows.map((r) => r.key)).size).toBe(3);
  });
});

describe('methodsFromRows', () => {
  it('numbers priorities in row order, trims details and drops blank rows', () => {
    const { methods, rowIndex } = methodsFromRows([row('btc', ' bc1 '), row(null, '  '), row('wire', 'IBAN')]);
    expect(methods).toEqual([
      { system: 'btc', details: 'bc1', priority: 1 },
      { system: 'wire', details: 'IBAN', priority: 2 },
    ]);
    expect(rowIndex).toEqual([0, 2]);
  });

  it('keeps half-filled rows so validation can point at them', () => {
    expect(methodsFromRows([row(null, 'x')]).methods).toEqual([{ system: '', details: 'x', priority: 1 }]);
  });
});

describe('moveRow', () => {
  it('moves a row and ignores moves past the ends', () => {
    expect(moveRow(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveRow(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveRow(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveRow(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });
});

describe('freeSystems', () => {
  it('hides systems used by other rows', () => {
    const rows = [row('btc', ''), row('wire', '')];
    expect(freeSystems(['btc', 'wire', 'paypal'], rows, 'wire')).toEqual(['wire', 'paypal']);
  });
});

describe('rowErrorsFrom', () => {
  it('puts server errors back on the rows they came from', () => {
    const result = rowErrorsFrom(
      {
        'payment_methods.1.details': 'Account details are required',
        'payment_methods.0.system': 'Unknown payment system',
        payment_methods: 'Each payment method needs its own priority',
      },
      [0, 2],
    );
    expect(result.rows).toEqual({
      2: { details: 'Account details are required' },
      0: { system: 'Unknown payment system' },
    });
    expect(result.general).toBe('Each payment method needs its own priority');
  });
});
