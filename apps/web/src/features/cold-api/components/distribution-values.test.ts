import { describe, expect, it } from 'vitest';
import { distributionInputSchema, type Distribution } from '@pxl/contract/cold-api/cold.schemas';
import { distributionInput, distributionToValues } from './distribution-values.ts';

const U = (n: number) => `0b7c4f5e-1a2b-4c3d-8e9f-${String(n).padStart(12, '0')}`;
const picks = { list_uuid: U(1), rule_uuid: U(2), affiliate_uuid: U(3), offer_uuid: U(4) };

describe('distribution form values', () => {
  it('a new form with its picks made is a valid distribution starting today, all day, without a limit', () => {
    const values = { ...distributionToValues(undefined, 'Europe/Kyiv'), ...picks, title: 'Re-send' };
    const parsed = distributionInputSchema.parse(distributionInput(values));
    expect(parsed).toMatchObject({ hour_from: 0, hour_to: 24, daily_limit: null, end_date: null, product_uuids: [] });
    expect(parsed.start_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('leaves text that is not a number for the schema to name, instead of sending 0', () => {
    const values = { ...distributionToValues(undefined, 'UTC'), ...picks, title: 'x', interval_min: 'soon' };
    const result = distributionInputSchema.safeParse(distributionInput(values));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toContain('interval_min');
  });

  it('unpicked lists, rules, affiliates and offers get their own messages', () => {
    const result = distributionInputSchema.safeParse(distributionInput(distributionToValues(undefined, 'UTC')));
    const messages = Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(messages).toMatchObject({ list_uuid: 'Choose a lead list', offer_uuid: 'Choose an API offer' });
  });

  it('an edited distribution comes back as it was stored', () => {
    const stored = {
      title: 'Evening',
      list: { uuid: U(1), title: 'L' },
      rule: { uuid: U(2), name: 'R' },
      affiliate: { uuid: U(3), name: 'A', email: 'a@x.test' },
      offer: { uuid: U(4), id: 7, title: 'O' },
      products: [{ uuid: U(5), name: 'P' }],
      start_date: '2026-11-20',
      end_date: '2026-12-31',
      hour_from: 9,
      hour_to: 18,
      time_zone: 'Europe/Kyiv',
      interval_min: 0,
      interval_max: 1,
      daily_limit: 50,
      order: 'oldest',
    } as unknown as Distribution;
    expect(distributionInputSchema.parse(distributionInput(distributionToValues(stored, 'UTC')))).toEqual({
      title: 'Evening',
      list_uuid: U(1),
      rule_uuid: U(2),
      affiliate_uuid: U(3),
      offer_uuid: U(4),
      product_uuids: [U(5)],
      start_date: '2026-11-20',
      end_date: '2026-12-31',
      hour_from: 9,
      hour_to: 18,
      time_zone: 'Europe/Kyiv',
      interval_min: 0,
      interval_max: 1,
      daily_limit: 50,
      order: 'oldest',
    });
  });
});
