import { describe, expect, it } from 'vitest';
import { automationRuleInputSchema, type AutomationRule } from '@pxl/contract/automation/automation.schemas';
import { conditionText, metricValue, windowText } from './rule-labels.ts';
import { actionsFor, splitWindow, toBody, toValues } from './rule-values.ts';

const OFFER = '11111111-1111-4111-8111-111111111111';
const CAP = '22222222-2222-4222-8222-222222222222';
const AFF = '33333333-3333-4333-8333-333333333333';

const saved = (patch: Partial<AutomationRule>): AutomationRule => ({
  uuid: '44444444-4444-4444-8444-444444444444',
  name: 'Profit dips',
  enabled: true,
  scope: {
    type: 'offer_affiliate',
    offer_uuid: OFFER,
    affiliate_uuid: null,
    product_uuid: null,
    sub_key: null,
    sub_value: null,
  },
  metric: 'profit',
  window_minutes: 1440,
  condition: { kind: 'threshold', op: 'below', value: -2550, min_volume: 10 },
  actions: [
    { type: 'set_cap', cap_uuid: CAP, limit: 500 },
    { type: 'notify', channel_uuids: [], notify_owners: true },
  ],
  cooldown_minutes: 60,
  builtin: null,
  last_evaluated_at: null,
  last_fired_at: null,
  created_at: '2026-05-01T00:00:00.000Z',
  updated_at: '2026-05-01T00:00:00.000Z',
  ...patch,
});

describe('rule form values', () => {
  it('reads a saved rule back into the body it came from', () => {
    const rule = saved({});
    const values = toValues(rule);
    expect(values).toMatchObject({ window_amount: '1', window_unit: 'days', condition_value: '-25.5' });
    const body = automationRuleInputSchema.parse(toBody(values));
    expect(body).toEqual(automationRuleInputSchema.parse(rule));
  });

  it('turns the window into minutes and money into minor units, percent changes as typed', () => {
    const values = { ...toValues(), name: 'x', window_amount: '90', window_unit: 'minutes' as const };
    expect(toBody({ ...values, metric: 'revenue', condition_value: '12.5' })).toMatchObject({
      window_minutes: 90,
      condition: { value: 1250 },
    });
    expect(
      toBody({ ...values, metric: 'revenue', condition_kind: 'change_vs_previous', condition_value: '-30' }).condition
        .value,
    ).toBe(-30);
    expect(toBody({ ...values, window_amount: '2', window_unit: 'hours' }).window_minutes).toBe(120);
  });

  it('sends only the ids of the scope type chosen, and an empty id as each', () => {
    const values = { ...toValues(saved({})), affiliate_uuid: AFF, sub_key: 'sub1', sub_value: 'fb' };
    expect(toBody({ ...values, scope_type: 'offer' }).scope).toEqual({
      type: 'offer',
      offer_uuid: OFFER,
      affiliate_uuid: null,
      product_uuid: null,
      sub_key: null,
      sub_value: null,
    });
    expect(toBody({ ...values, scope_type: 'affiliate' }).scope).toMatchObject({
      offer_uuid: null,
      affiliate_uuid: AFF,
    });
    expect(toBody({ ...values, scope_type: 'sub' }).scope).toMatchObject({ sub_key: 'sub1', sub_value: 'fb' });
  });

  it('leaves a mistyped number as text, for the schema to refuse under its field', () => {
    const body = toBody({ ...toValues(), name: 'x', window_amount: 'soon', condition_value: '5' });
    const parsed = automationRuleInputSchema.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toEqual(['window_minutes']);
  });

  it('offers the actions the scope allows', () => {
    expect(actionsFor('product')).toEqual(['notify', 'remove_product']);
    expect(actionsFor('offer_affiliate')).toEqual(['notify', 'pause_affiliate', 'set_cap', 'hold_conversions']);
  });
});

describe('rule words', () => {
  it('says windows, values and conditions in their units', () => {
    expect([windowText(45), windowText(120), windowText(2880)]).toEqual(['45 min', '2 h', '2 d']);
    expect(splitWindow(90)).toEqual({ window_amount: '90', window_unit: 'minutes' });
    expect(metricValue('cr', 2.5)).toBe('2.5 %');
    expect(metricValue('profit', -2550)).toBe('-25.50');
    expect(metricValue('clicks', 12345)).toBe('12,345');
    expect(conditionText(saved({}))).toBe('Profit below -25.50 over 1 d');
    expect(
      conditionText(
        saved({ metric: 'clicks', condition: { kind: 'change_vs_baseline', op: 'below', value: 50, min_volume: 0 } }),
      ),
    ).toBe('Clicks 50 % below the baseline over 1 d');
  });
});
