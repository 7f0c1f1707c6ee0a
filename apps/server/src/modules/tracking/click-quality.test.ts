import { describe, expect, it } from 'vitest';
import { DEFAULT_FRAUD_SETTINGS } from '@pxl/contract';
import { VelocityCounter } from '../fraud/index.ts';
import type { CachedOffer } from './click-cache.ts';
import { clickQuality } from './click.service.ts';

// clickQuality without a server: a signal whose weight is 0 does none of its work (docs/product/fraud.md, "Signals").

const offerWith = (weights: Partial<typeof DEFAULT_FRAUD_SETTINGS.weights>) =>
  ({
    id: 'offer-1',
    fraud: { ...DEFAULT_FRAUD_SETTINGS, weights: { ...DEFAULT_FRAUD_SETTINGS.weights, ...weights } },
  }) as unknown as CachedOffer;

const UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

describe('clickQuality', () => {
  it('a velocity weight of 0 leaves the counter untouched', () => {
    const velocity = new VelocityCounter();
    for (let i = 0; i < 100; i++) {
      const q = clickQuality(offerWith({ ip_velocity: 0 }), velocity, '198.51.100.7', UA, 'aff', 'aff');
      expect(q.reasons).toEqual([]);
    }
    expect(velocity.size).toBe(0);
  });

  it('with its weight the same clicks are counted and past the limit carry ip_velocity', () => {
    const velocity = new VelocityCounter();
    let q = clickQuality(offerWith({}), velocity, '198.51.100.7', UA, 'aff', 'aff');
    for (let i = 0; i < 100; i++) q = clickQuality(offerWith({}), velocity, '198.51.100.7', UA, 'aff', 'aff');
    expect(velocity.size).toBe(2);
    expect(q.reasons.map((r) => r.code)).toEqual(['ip_velocity']);
  });
});
