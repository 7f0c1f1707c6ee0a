import { describe, expect, it } from 'vitest';
import { changeText, moneyChanges, percentChange } from './change.ts';

describe('compare with the previous period', () => {
  it('gives the change in percent with one decimal', () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(100, 150)).toBe(-33.3);
    expect(percentChange(1, 3)).toBe(-66.7);
    expect(percentChange(2.5, 2)).toBe(25);
  });
  it('has nothing to compare with when the previous figure is zero or missing', () => {
    expect(percentChange(10, 0)).toBeNull();
    expect(percentChange(0, 0)).toBe(0);
    expect(percentChange(null, 5)).toBeNull();
    expect(percentChange(5, undefined)).toBeNull();
  });
  it('compares money currency by currency, a currency missing on one side counting as zero', () => {
    expect(moneyChanges({ USD: 2000, EUR: 500 }, { USD: 1000, UAH: 300 })).toEqual([
      { currency: 'EUR', current: 500, previous: 0, change: null },
      { currency: 'UAH', current: 0, previous: 300, change: -100 },
      { currency: 'USD', current: 2000, previous: 1000, change: 100 },
    ]);
    expect(moneyChanges(undefined, undefined)).toEqual([]);
  });
  it('writes the change with its sign', () => {
    expect(changeText(12.5)).toBe('+12.5%');
    expect(changeText(-3)).toBe('−3%');
    expect(changeText(0)).toBe('0%');
    expect(changeText(null)).toBe('new');
  });
});
