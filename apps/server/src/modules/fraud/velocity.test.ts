import { describe, expect, it } from 'vitest';

import { VelocityCounter } from './velocity.ts';

const clock = (start = 1_000_000) => {
  const c = { now: start, read: () => c.now };
  return c;
};

describe('velocity counter', () => {
  it('counts clicks per (ip, offer) and per (ip, affiliate) within the minute, and the gap since the last', () => {
    const c = clock();
    const v = new VelocityCounter(c.read);
    expect(v.hit('1.2.3.4', 'o1', 'a1')).toEqual({ perOffer: 1, perAffiliate: 1, gapMs: null });
    c.now += 150;
    expect(v.hit('1.2.3.4', 'o1', 'a1')).toEqual({ perOffer: 2, perAffiliate: 2, gapMs: 150 });
    c.now += 1000;
    expect(v.hit('1.2.3.4', 'o2', 'a1')).toEqual({ perOffer: 1, perAffiliate: 3, gapMs: null });
    expect(v.hit('5.6.7.8', 'o1', 'a1')).toEqual({ perOffer: 1, perAffiliate: 1, gapMs: null });
  });

  it('forgets clicks older than a minute, bucket by bucket', () => {
    const c = clock(0);
    const v = new VelocityCounter(c.read);
    for (let i = 0; i < 10; i++) v.hit('ip', 'o', 'a');
    c.now = 30_000;
    expect(v.hit('ip', 'o', 'a').perOffer).toBe(11);
    c.now = 65_000; // the first 10-second bucket has left the window
    expect(v.hit('ip', 'o', 'a').perOffer).toBe(2);
    c.now = 200_000;
    expect(v.hit('ip', 'o', 'a')).toMatchObject({ perOffer: 1, perAffiliate: 1 });
  });

  it('holds at most its bound of keys in two generations, the older dropped whole when the newer fills', () => {
    const c = clock();
    const v = new VelocityCounter(c.read, 4); // generations of 2 keys; each hit makes an offer and an affiliate key
    v.hit('keep', 'o', 'a');
    v.hit('old', 'o', 'a');
    v.hit('keep', 'o', 'a'); // read from the older generation, so moved to the newer one
    v.hit('new', 'o', 'a');
    expect(v.size).toBe(4);
    expect(v.hit('keep', 'o', 'a').perOffer).toBe(3);
    expect(v.hit('old', 'o', 'a').perOffer).toBe(1);
  });

  it('a key untouched survives one rotation and is dropped after two', () => {
    const c = clock();
    const v = new VelocityCounter(c.read, 8); // generations of 4 keys: two IPs fill one (an offer and an affiliate key each)
    v.hit('ip', 'o', 'a');
    v.hit('x1', 'o', 'a');
    v.hit('x2', 'o', 'a'); // the newer was full: rotated, "ip" is in the older generation
    expect(v.hit('ip', 'o', 'a').perOffer).toBe(2); // survived one rotation, back in the newer one

    v.hit('y1', 'o', 'a'); // rotated: "ip" in the older generation
    v.hit('y2', 'o', 'a');
    v.hit('y3', 'o', 'a'); // rotated again: the older generation, "ip" with it, dropped
    expect(v.size).toBeLessThanOrEqual(8);
    expect(v.hit('ip', 'o', 'a').perOffer).toBe(1);
  });

  it('a clock stepping back gives no gap rather than a negative one', () => {
    const c = clock();
    const v = new VelocityCounter(c.read);
    v.hit('ip', 'o', 'a');
    c.now -= 500;
    expect(v.hit('ip', 'o', 'a').gapMs).toBeNull();
  });
});
