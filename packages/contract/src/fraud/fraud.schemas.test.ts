import { describe, expect, it } from 'vitest';

import { fraudSettingsUpdateSchema } from './fraud-settings.schemas.ts';
import {
  DEFAULT_FRAUD_SETTINGS,
  FRAUD_ACTION_KEYS,
  fraudActionsSchema,
  overlayFraudSettings,
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

  it('one overlay serves a PUT too: top-level fields and single values, undefined keeping the base', () => {
    const merged = overlayFraudSettings(DEFAULT_FRAUD_SETTINGS, {
      affiliates_see_reasons: true,
      allowed_affiliate_ids: undefined,
      actions: { refuse_lead_at: 90, flag_at: undefined },
    });
    expect(merged).toEqual({
      ...DEFAULT_FRAUD_SETTINGS,
      affiliates_see_reasons: true,
      actions: { ...DEFAULT_FRAUD_SETTINGS.actions, refuse_lead_at: 90 },
    });
  });

  it('lists every action once, for both screens', () => {
    expect([...FRAUD_ACTION_KEYS].sort()).toEqual(Object.keys(fraudActionsSchema.shape).sort());
  });

  it('a PUT names an affiliate allowed twice by its second place', () => {
    const id = '00000000-0000-4000-8000-000000000001';
    const r = fraudSettingsUpdateSchema.safeParse({ allowed_affiliate_ids: [id, id] });
    expect(r.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [['allowed_affiliate_ids', 1], 'This affiliate is already in the list'],
    ]);
  });

  it('a reason has a known code and a weight 0–100', () => {
    expect(fraudReasonSchema.safeParse({ code: 'bot_agent', weight: 80, detail: 'x' }).success).toBe(true);
    expect(fraudReasonSchema.safeParse({ code: 'nope', weight: 80, detail: 'x' }).success).toBe(false);
    expect(fraudReasonSchema.safeParse({ code: 'bot_agent', weight: 101, detail: 'x' }).success).toBe(false);
  });
});
