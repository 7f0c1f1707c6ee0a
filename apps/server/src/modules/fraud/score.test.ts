import { describe, expect, it } from 'vitest';
import type { FraudReason } from '@pxl/contract';

import { fraudScore, mergeReasons, verdictOf } from './score.ts';

const r = (code: FraudReason['code'], weight: number, detail: string = code): FraudReason => ({ code, weight, detail });

describe('fraud score', () => {
  it('one reason is its own verdict, in a list of its own', () => {
    const one = [r('ip_velocity', 50)];
    const v = verdictOf(one);
    expect(v).toEqual({ fraud_score: 50, fraud_reasons: one });
    expect(v.fraud_reasons).not.toBe(one);
    expect(verdictOf([])).toEqual({ fraud_score: 0, fraud_reasons: [] });
  });
  it('no reasons score 0; one reason scores its weight', () => {
    expect(fraudScore([])).toBe(0);
    expect(fraudScore([r('bot_agent', 80)])).toBe(80);
    expect(fraudScore([r('bot_agent', 100)])).toBe(100);
  });
  it('reasons combine as independent evidence, below their sum and never past 100', () => {
    expect(fraudScore([r('ctit_short', 50), r('datacenter_ip', 50)])).toBe(75);
    expect(fraudScore([r('geo_mismatch', 30), r('ip_mismatch', 30)])).toBe(51);
    expect(fraudScore([r('bot_agent', 80), r('ip_velocity', 50), r('datacenter_ip', 50), r('ctit_short', 60)])).toBe(
      98,
    );
    expect(fraudScore([r('bot_agent', 100), r('ip_velocity', 100)])).toBe(100);
  });
  it('a weight of 0 changes nothing and the order does not matter', () => {
    expect(fraudScore([r('bot_agent', 0), r('ip_mismatch', 20)])).toBe(20);
    expect(fraudScore([r('ip_mismatch', 20), r('bot_agent', 70)])).toBe(
      fraudScore([r('bot_agent', 70), r('ip_mismatch', 20)]),
    );
  });
});

describe('merging a conversion with its click and lead', () => {
  it('keeps one reason per signal, the heaviest, heaviest first', () => {
    const click = [r('datacenter_ip', 50, 'click ip'), r('bot_agent', 80)];
    const lead = [r('datacenter_ip', 40, 'lead ip'), r('geo_mismatch', 30)];
    const own = [r('ctit_short', 60)];
    expect(mergeReasons(own, click, lead)).toEqual([
      r('bot_agent', 80),
      r('ctit_short', 60),
      r('datacenter_ip', 50, 'click ip'),
      r('geo_mismatch', 30),
    ]);
  });
  it('a missing click or lead is no reason; the verdict holds score and reasons', () => {
    expect(verdictOf(null, undefined, [])).toEqual({ fraud_score: 0, fraud_reasons: [] });
    expect(verdictOf([r('ip_velocity', 50)], null)).toEqual({ fraud_score: 50, fraud_reasons: [r('ip_velocity', 50)] });
  });
  it('equal weights keep the signal order', () => {
    expect(mergeReasons([r('ip_mismatch', 30), r('geo_mismatch', 30)]).map((x) => x.code)).toEqual([
      'geo_mismatch',
      'ip_mismatch',
    ]);
  });
});
