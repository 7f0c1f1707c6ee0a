import { describe, expect, it } from 'vitest';
import { toQualityBody, toQualityValues } from './traffic-quality-values.ts';

describe('traffic quality values', () => {
  it('nothing set is null: every field follows the network', () => {
    expect(toQualityBody(toQualityValues(null))).toBeNull();
  });

  it('sends only the fields set, an action turned off as null, and reads them back', () => {
    const v = toQualityValues(null);
    v.weights.bot_agent = 100;
    v.thresholds.ctit_min_seconds = 30;
    v.actions.hold_conversion_at = 70;
    v.off.refuse_lead_at = true;
    const body = toQualityBody(v);
    expect(body).toEqual({
      weights: { bot_agent: 100 },
      thresholds: { ctit_min_seconds: 30 },
      actions: { hold_conversion_at: 70, refuse_lead_at: null },
    });
    expect(toQualityBody(toQualityValues(body))).toEqual(body);
    expect(toQualityValues(body).off.refuse_lead_at).toBe(true);
  });

  it('keeps a weight of 0 (the signal off for this offer)', () => {
    const v = toQualityValues({ weights: { ip_velocity: 0 }, thresholds: { ctit_goals: ['ftd'] } });
    expect(toQualityBody(v)).toEqual({ weights: { ip_velocity: 0 }, thresholds: { ctit_goals: ['ftd'] } });
  });
});
