import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FRAUD_SETTINGS, type FraudThresholds } from '@pxl/contract';

import {
  botAgentReason,
  ctitReason,
  datacenterIpReason,
  duplicateContactReason,
  formatDuration,
  geoMismatchReason,
  ipMismatchReason,
  ipVelocityReason,
  phoneCountries,
  RecentAnswers,
} from './signals.ts';
import { ipv4ToNumber, loadDatacenterRanges } from './datacenter.ts';

const w = DEFAULT_FRAUD_SETTINGS.weights;
const t: FraudThresholds = DEFAULT_FRAUD_SETTINGS.thresholds;
const at = (s: number) => new Date(Date.UTC(2026, 0, 1) + s * 1000);

describe('ctit_short / ctit_long', () => {
  it('a sale 4 s after its click is too soon, in words', () => {
    expect(ctitReason({ clickAt: at(0), convertedAt: at(4), goal: 'sale' }, t, w)).toEqual({
      code: 'ctit_short',
      weight: 60,
      detail: "Converted 4 s after the click; the offer's minimum is 10 s",
    });
  });
  it('exactly the minimum and exactly the maximum are fine', () => {
    expect(ctitReason({ clickAt: at(0), convertedAt: at(10), goal: 'ftd' }, t, w)).toBeNull();
    expect(ctitReason({ clickAt: at(0), convertedAt: at(t.ctit_max_seconds), goal: 'ftd' }, t, w)).toBeNull();
  });
  it('past the maximum is flooding', () => {
    const r = ctitReason({ clickAt: at(0), convertedAt: at(31 * 86_400), goal: 'ftd' }, t, w);
    expect(r).toMatchObject({
      code: 'ctit_long',
      weight: 25,
      detail: "Converted 31 d after the click; the offer's maximum is 30 d",
    });
  });
  it('goals outside the list, a missing click and a weight of 0 give no reason', () => {
    expect(ctitReason({ clickAt: at(0), convertedAt: at(1), goal: 'registration' }, t, w)).toBeNull();
    expect(ctitReason({ clickAt: null, convertedAt: at(1), goal: 'sale' }, t, w)).toBeNull();
    expect(ctitReason({ clickAt: at(0), convertedAt: at(1), goal: 'sale' }, t, { ...w, ctit_short: 0 })).toBeNull();
  });
  it('a conversion stamped before its click (clock skew) is too soon, shown as 0 s', () => {
    expect(ctitReason({ clickAt: at(5), convertedAt: at(2), goal: 'sale' }, t, w)?.detail).toMatch(
      /^Converted 0 s after/,
    );
  });
  it('durations read as a person reads them', () => {
    expect([4_000, 125_000, 3 * 3600_000 + 20 * 60_000, 53 * 3600_000].map(formatDuration)).toEqual([
      '4 s',
      '2 min',
      '3 h 20 min',
      '2 d 5 h',
    ]);
  });
});

describe('datacenter_ip', () => {
  beforeAll(() => loadDatacenterRanges());
  it('names the network of a cloud IPv4 and IPv6 address, also written as IPv4-in-IPv6', () => {
    expect(datacenterIpReason('3.5.140.2', 'click', w)).toMatchObject({ code: 'datacenter_ip', weight: 50 });
    expect(datacenterIpReason('3.5.140.2', 'click', w)?.detail).toBe(
      "The click's IP 3.5.140.2 belongs to Amazon.com, Inc. (AS16509), a hosting or cloud network",
    );
    expect(datacenterIpReason('::ffff:3.5.140.2', 'lead', w)?.detail).toMatch(
      /^The lead's IP 3\.5\.140\.2 belongs to Amazon/,
    );
    expect(datacenterIpReason('2a01:4f8::1', 'click', w)?.detail).toMatch(/Hetzner/);
  });
  it('home, mobile, private, CDN-relay and malformed addresses are not data centres', () => {
    for (const ip of ['81.2.69.142', '10.0.0.1', '192.168.1.1', '1.1.1.1', '104.16.0.1', '2a02:2f0c::1', 'junk', '']) {
      expect(datacenterIpReason(ip, 'click', w), ip).toBeNull();
    }
    expect(datacenterIpReason(null, 'click', w)).toBeNull();
  });
});

describe('the kept user-agent answers', () => {
  const counted = () => {
    const asked: string[] = [];
    return { asked, answer: (k: string) => (asked.push(k), k.toUpperCase()) };
  };

  it('answer a key once while it is kept, and hold at most their bound without walking the map', () => {
    const a = counted();
    const cache = new RecentAnswers<string>(4); // two generations of 2
    expect(cache.get('a', a.answer)).toBe('A');
    expect(cache.get('a', a.answer)).toBe('A');
    expect(a.asked).toEqual(['a']);
    for (const k of ['b', 'c', 'd', 'e', 'f']) cache.get(k, a.answer);
    expect(cache.size).toBeLessThanOrEqual(4);
  });

  it('keep a key read from the older generation; drop one untouched through two rotations', () => {
    const a = counted();
    const cache = new RecentAnswers<string>(4);
    cache.get('hot', a.answer);
    cache.get('x1', a.answer);
    cache.get('x2', a.answer); // rotated: "hot" in the older generation
    cache.get('hot', a.answer); // moved to the newer one, not asked again
    cache.get('x3', a.answer); // rotated: "hot" in the older generation again
    cache.get('hot', a.answer);
    expect(a.asked.filter((k) => k === 'hot')).toHaveLength(1);

    cache.get('cold', a.answer);
    cache.get('y1', a.answer);
    cache.get('y2', a.answer); // rotated: "cold" in the older generation
    cache.get('y3', a.answer);
    cache.get('y4', a.answer); // rotated again: "cold" dropped with the older generation
    cache.get('cold', a.answer);
    expect(a.asked.filter((k) => k === 'cold')).toHaveLength(2);
  });
});

describe('ipv4ToNumber', () => {
  it('reads an address as its unsigned 32-bit number, at both ends of the range', () => {
    expect(ipv4ToNumber('0.0.0.0')).toBe(0);
    expect(ipv4ToNumber('127.0.0.1')).toBe(0x7f000001);
    expect(ipv4ToNumber('3.5.140.2')).toBe(0x03058c02);
    expect(ipv4ToNumber('255.255.255.255')).toBe(0xffffffff);
  });
});

describe('bot_agent', () => {
  const chrome =
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
  const iphone =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
  it('crawlers, scripts and headless browsers are bots', () => {
    expect(botAgentReason('Googlebot/2.1 (+http://www.google.com/bot.html)', w)?.detail).toMatch(
      /^The user agent is a bot's/,
    );
    expect(botAgentReason('curl/8.5.0', w)).not.toBeNull();
    expect(botAgentReason(chrome.replace('Chrome/', 'HeadlessChrome/'), w)?.detail).toMatch(
      /headless or automated browser \(HeadlessChrome\)/,
    );
    expect(
      botAgentReason(
        'Mozilla/5.0 (Unknown; Linux x86_64) AppleWebKit/538.1 (KHTML, like Gecko) PhantomJS/2.1.1 Safari/538.1',
        w,
      ),
    ).not.toBeNull();
    expect(botAgentReason('', w)?.detail).toBe('The click came without a user agent');
  });
  it('ordinary browsers are not, and an unknown agent (null) gives no reason', () => {
    expect(botAgentReason(chrome, w)).toBeNull();
    expect(botAgentReason(iphone, w)).toBeNull();
    expect(botAgentReason(null, w)).toBeNull();
  });
});

describe('ip_velocity', () => {
  it('over the per-offer or per-affiliate limit, or faster than a person', () => {
    expect(ipVelocityReason({ perOffer: 31, perAffiliate: 31, gapMs: 2000 }, t, w)?.detail).toBe(
      '31 clicks from this IP on this offer in a minute; the limit is 30',
    );
    expect(ipVelocityReason({ perOffer: 5, perAffiliate: 61, gapMs: 2000 }, t, w)?.detail).toMatch(
      /^61 clicks from this IP on this affiliate's/,
    );
    expect(ipVelocityReason({ perOffer: 2, perAffiliate: 2, gapMs: 120 }, t, w)?.detail).toBe(
      'Two clicks from this IP on this offer 120 ms apart; a person needs at least 300 ms',
    );
  });
  it('at the limits, the first click, and the gap rule turned off give no reason', () => {
    expect(ipVelocityReason({ perOffer: 30, perAffiliate: 60, gapMs: 300 }, t, w)).toBeNull();
    expect(ipVelocityReason({ perOffer: 1, perAffiliate: 1, gapMs: null }, t, w)).toBeNull();
    expect(
      ipVelocityReason({ perOffer: 2, perAffiliate: 2, gapMs: 10 }, { ...t, velocity_min_gap_ms: 0 }, w),
    ).toBeNull();
    expect(ipVelocityReason(null, t, w)).toBeNull();
  });
});

describe('duplicate_contact', () => {
  it('says what was sent where', () => {
    expect(duplicateContactReason({ email: 2, phone: 1 }, t, w)?.detail).toBe(
      'The same e-mail to 2 other offers or buyers and the same phone to 1 other offer or buyer in the last 30 days',
    );
    expect(duplicateContactReason({ email: 0, phone: 3 }, t, w)?.detail).toBe(
      'The same phone to 3 other offers or buyers in the last 30 days',
    );
  });
  it('no matches or nothing known give no reason', () => {
    expect(duplicateContactReason({ email: 0, phone: 0 }, t, w)).toBeNull();
    expect(duplicateContactReason(null, t, w)).toBeNull();
  });
});

describe('geo_mismatch', () => {
  it('click and lead countries disagree', () => {
    expect(geoMismatchReason({ clickCountry: 'DE', leadCountry: 'fr', phone: null }, w)?.detail).toBe(
      'The click came from DE but the lead says FR',
    );
  });
  it("the phone's calling code belongs elsewhere", () => {
    expect(geoMismatchReason({ clickCountry: 'DE', leadCountry: 'DE', phone: '+380501234567' }, w)?.detail).toBe(
      "The phone's code +380 is UA, not DE",
    );
  });
  it('a code shared by several countries matches any of them; a longer code is not read as a shorter one', () => {
    expect(phoneCountries('+7 701 000 0000')?.countries).toEqual(expect.arrayContaining(['RU', 'KZ']));
    expect(geoMismatchReason({ clickCountry: 'KZ', leadCountry: null, phone: '+77010000000' }, w)).toBeNull();
    expect(geoMismatchReason({ clickCountry: 'CA', leadCountry: 'CA', phone: '+1 416 555 0100' }, w)).toBeNull();
    expect(phoneCountries('+380501234567')).toEqual({ prefix: '380', countries: ['UA'] });
  });
  it('missing countries or phone give no reason', () => {
    expect(geoMismatchReason({ clickCountry: null, leadCountry: 'DE', phone: null }, w)).toBeNull();
    expect(geoMismatchReason({ clickCountry: null, leadCountry: null, phone: '+380501234567' }, w)).toBeNull();
    expect(geoMismatchReason({ clickCountry: 'DE', leadCountry: 'DE', phone: '' }, w)).toBeNull();
  });
});

describe('ip_mismatch', () => {
  it('another IPv4 is a mismatch', () => {
    expect(ipMismatchReason('81.2.69.142', '81.2.69.143', w)).toEqual({
      code: 'ip_mismatch',
      weight: 20,
      detail: 'The lead came from 81.2.69.143, the click it names from 81.2.69.142',
    });
  });
  it('the same device is not: IPv4-in-IPv6, one IPv6 /64 with a new suffix, or one IPv4 and one IPv6', () => {
    expect(ipMismatchReason('81.2.69.142', '::ffff:81.2.69.142', w)).toBeNull();
    expect(ipMismatchReason('2a02:2f0c:1:2::aaaa', '2a02:2f0c:1:2:1234:5678:9abc:def0', w)).toBeNull();
    expect(ipMismatchReason('81.2.69.142', '2a02:2f0c:1:2::1', w)).toBeNull();
  });
  it('another IPv6 /64 is a mismatch; a missing IP is not', () => {
    expect(ipMismatchReason('2a02:2f0c:1:2::1', '2a02:2f0c:1:3::1', w)?.code).toBe('ip_mismatch');
    expect(ipMismatchReason(null, '81.2.69.142', w)).toBeNull();
    expect(ipMismatchReason('81.2.69.142', null, w)).toBeNull();
  });
});
