import { describe, it, expect } from 'vitest';
import { toOptions, constantsToOptions } from './options.ts';
import { phoneCodeOptions, phoneCodeOptionsByPrefix } from './phone-codes.ts';
import { buildConstants } from './build-constants.ts';
import { CONSTANTS_LIST_FIELDS } from './constants.schema.ts';

describe('toOptions', () => {
  it('gives value = label = item for an array', () => {
    expect(toOptions(['EUR', 'USD'])).toEqual([
      { value: 'EUR', label: 'EUR' },
      { value: 'USD', label: 'USD' },
    ]);
  });

  it('gives value = key and label = map value for a map', () => {
    expect(toOptions({ ftd: 'FTD', lead: 'Lead' })).toEqual([
      { value: 'ftd', label: 'FTD' },
      { value: 'lead', label: 'Lead' },
    ]);
  });

  it('gives an empty list for a missing list', () => {
    expect(toOptions(undefined)).toEqual([]);
    expect(toOptions(null)).toEqual([]);
  });
});

describe('country_code_phone readings', () => {
  const map = { UA: '380', US: '1', CA: '1', GB: '44' };

  it('labels options "code: +prefix"', () => {
    expect(phoneCodeOptions(map)).toEqual([
      { value: 'UA', label: 'UA: +380' },
      { value: 'US', label: 'US: +1' },
      { value: 'CA', label: 'CA: +1' },
      { value: 'GB', label: 'GB: +44' },
    ]);
    expect(phoneCodeOptions()).toContainEqual({ value: 'UA', label: 'UA: +380' });
  });

  it('keys options by prefix, deduplicated', () => {
    expect(phoneCodeOptionsByPrefix(map)).toEqual([
      { value: '1', label: '+1 (CA, US)' },
      { value: '44', label: '+44 (GB)' },
      { value: '380', label: '+380 (UA)' },
    ]);
    const all = phoneCodeOptionsByPrefix().map((o) => o.value);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toContain('380');
  });
});

describe('constantsToOptions', () => {
  const constants = buildConstants({
    timeZone: 'UTC',
    trackDomains: ['a.test'],
    now: new Date('2024-01-15T00:00:00Z'),
  });
  const options = constantsToOptions(constants);

  it('maps every list field, traffic as trafficSources', () => {
    expect(Object.keys(options)).toHaveLength(CONSTANTS_LIST_FIELDS.length);
    expect(options).not.toHaveProperty('traffic');
    expect(options.trafficSources).toContainEqual({ value: 'facebook', label: 'Facebook' });
    expect(options.currency).toEqual(toOptions(['EUR', 'UAH', 'USD']));
    expect(options.geos).toContainEqual({ value: 'ALL', label: 'All countries' });
    expect(options.track_domains).toEqual([{ value: 'a.test', label: 'a.test' }]);
    expect(options.country_code_phone).toContainEqual({ value: 'UA', label: 'UA: +380' });
  });
});
