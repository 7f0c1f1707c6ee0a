import { describe, expect, it } from 'vitest';

import {
  DEFAULT_FRAUD_SETTINGS,
  fraudOfferSettingsSchema,
  fraudReasonSchema,
  fraudSettingsSchema,
  resolveFraudSettings,
} from './fraud.schemas.ts';

describe('fraud settings', () => {
  it('the defaults are valid settings', () => {
    expect(fraudSettingsSchema.parse(DEFAULT_FRAUD_SETTINGS)).toEqual(DEFAULT_FRAUD_SETTINGS);
  });

  it('refuses a maximum click-to-conversion time not above the minimum', () => {
    const bad = {
      ...DEFAULT_FRAUD_SETTINGS,
      thresholds: { ...DEFAULT_FRAUD_SETTINGS.thresholds, ctit_max_seconds: 60, ctit_min_seconds: 60 },
    };
    const r = fraudSettingsSchema.safeParse(bad);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['thresholds', 'ctit_max_seconds']);
  });

  it("an offer's partial values take no defaults and override only what they name", () => {
    const own = fraudOfferSettingsSchema.parse({
      weights: { bot_agent: 10 },
      thresholds: {},
      actions: { hold_conversion_at: 70 },
    });
    expect(own.thresholds).toEqual({});
    const merged = resolveFraudSettings(DEFAULT_FRAUD_SETTINGS, own);
    expect(merged.weights).toEqual({ ...DEFAULT_FRAUD_SETTINGS.weights, bot_agent: 10 });
    expect(merged.thresholds).toEqual(DEFAULT_FRAUD_SETTINGS.thresholds);
    expect(merged.actions.hold_conversion_at).toBe(70);
    expect(resolveFraudSettings(DEFAULT_FRAUD_SETTINGS, { weights: { bot_agent: undefined } }).weights.bot_agent).toBe(
      80,
    );
  });

  it('a reason has a known code and a weight 0–100', () => {
    expect(fraudReasonSchema.safeParse({ code: 'bot_agent', weight: 80, detail: 'x' }).success).toBe(true);
    expect(fraudReasonSchema.safeParse({ code: 'nope', weight: 80, detail: 'x' }).success).toBe(false);
    expect(fraudReasonSchema.safeParse({ code: 'bot_agent', weight: 101, detail: 'x' }).success).toBe(false);
  });
});
