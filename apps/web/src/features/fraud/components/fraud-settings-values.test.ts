import { describe, expect, it } from 'vitest';
import { DEFAULT_FRAUD_SETTINGS, fraudSettingsSchema } from '@pxl/contract/fraud/fraud.schemas';
import { toBody, toValues } from './fraud-settings-values.ts';

describe('fraud settings form values', () => {
  it('give back the settings they were made from', () => {
    expect(toBody(toValues(DEFAULT_FRAUD_SETTINGS))).toEqual(DEFAULT_FRAUD_SETTINGS);
  });

  it('send an emptied action as off and an emptied weight as missing, which the schema refuses', () => {
    const v = toValues(DEFAULT_FRAUD_SETTINGS);
    const body = toBody({
      ...v,
      actions: { ...v.actions, flag_at: '' },
      weights: { ...v.weights, bot_agent: '' },
      thresholds: { ...v.thresholds, ctit_min_seconds: '15' },
    });
    expect(body.actions.flag_at).toBeNull();
    expect(body.thresholds.ctit_min_seconds).toBe(15);
    const parsed = fraudSettingsSchema.safeParse(body);
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['weights.bot_agent', 'Enter a weight'],
    ]);
  });
});
