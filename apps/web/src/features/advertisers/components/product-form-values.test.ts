import { describe, expect, it } from 'vitest';
import type { Product } from '@pxl/contract/advertisers/advertisers.schemas';
import { productBody, productToValues } from './product-form-values.ts';

const withRevenue = (amount: number | string) => ({
  ...productToValues(),
  revenue: [{ geo: 'DE', amount, currency: 'EUR' as const }],
});
const revenueOf = (body: Record<string, unknown>) => (body.revenue as { amount: number }[])[0]?.amount;

describe('product form revenue', () => {
  it('sends major units typed as minor units, rounded half up without float drift', () => {
    expect(revenueOf(productBody(withRevenue('1.005'), true))).toBe(101);
    expect(revenueOf(productBody(withRevenue(1.005), true))).toBe(101);
    expect(revenueOf(productBody(withRevenue(12.5), true))).toBe(1250);
  });

  it('sends NaN for an empty amount, which the schema refuses', () => {
    expect(revenueOf(productBody(withRevenue(''), true))).toBeNaN();
  });

  it('shows stored minor units as major units', () => {
    const stored = { revenue: [{ geo: 'DE', amount: 101, currency: 'EUR' }] } as unknown as Product;
    const values = productToValues(stored);
    expect(values.revenue[0]?.amount).toBe(1.01);
  });
});
