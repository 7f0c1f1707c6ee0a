import { describe, it, expect } from 'vitest';
import { buildConstants } from './build-constants.ts';
import { constantsSchema, CONSTANTS_LIST_FIELDS } from './constants.schema.ts';
import { ISO_COUNTRIES } from './geos.data.ts';
import { COUNTRY_CODE_PHONE } from './phone-codes.data.ts';
import { LANGUAGES } from './languages.data.ts';

const winter = new Date('2024-01-15T12:00:00Z');
const constants = buildConstants({ timeZone: 'Europe/Kyiv', trackDomains: ['trk.example.com'], now: winter });

const SPEC_FIELDS = [
  'browsers',
  'devices',
  'geos',
  'oss',
  'integration_types',
  'verticals',
  'goals',
  'traffic',
  'languages',
  'paid_statuses',
  'currency',
  'payment_systems',
  'country_code_phone',
  'manager_roles',
  'manager_types',
  'genders',
  'time_zones',
  'lead_history_status',
  'lead_genders',
  'lead_os',
  'lead_device',
  'track_domains',
  'page_access',
  'macros',
  'time',
];

describe('buildConstants', () => {
  it('has every documented field', () => {
    for (const field of SPEC_FIELDS) expect(constants, field).toHaveProperty(field);
    expect(constants.partner_settings.time_zone).toBe('Europe/Kyiv');
    expect(typeof constants.partner_settings.zone_hours).toBe('number');
    expect([...CONSTANTS_LIST_FIELDS].sort()).toEqual([...SPEC_FIELDS].sort());
  });

  it('parses with constantsSchema', () => {
    expect(constantsSchema.parse(constants)).toEqual(constants);
  });

  it('rejects a payload with a wrong field type', () => {
    expect(constantsSchema.safeParse({ ...constants, currency: 'EUR' }).success).toBe(false);
    expect(constantsSchema.safeParse({ ...constants, partner_settings: { time_zone: 'UTC' } }).success).toBe(false);
  });

  it('holds the documented value sets', () => {
    expect(constants.currency).toEqual(['EUR', 'UAH', 'USD']);
    expect(constants.devices).toEqual(['desktop', 'mobile', 'tablet']);
    expect(constants.oss).toEqual(['android', 'ios', 'huawei', 'mac-os', 'windows', 'other-os']);
    expect(constants.lead_os).toEqual(constants.oss);
    expect(constants.lead_device).toEqual(constants.devices);
  });

  it('lists every ISO country plus EU, UN, XK and ALL', () => {
    expect(Object.keys(ISO_COUNTRIES)).toHaveLength(249);
    expect(constants.geos).toMatchObject({
      UA: 'Ukraine',
      US: 'United States',
      GB: 'United Kingdom',
      DE: 'Germany',
      BR: 'Brazil',
      IN: 'India',
      EU: 'European Union',
      UN: 'United Nations',
      XK: 'Kosovo',
      ALL: 'All countries',
    });
    for (const code of Object.keys(constants.geos)) expect(code).toMatch(/^([A-Z]{2}|ALL)$/);
  });

  it('gives a calling prefix for every country', () => {
    for (const code of Object.keys(ISO_COUNTRIES)) expect(COUNTRY_CODE_PHONE[code], code).toMatch(/^\d{1,4}$/);
    expect(constants.country_code_phone).toMatchObject({ UA: '380', US: '1', GB: '44', DE: '49', KZ: '7', XK: '383' });
  });

  it('holds the named maps and lists', () => {
    expect(constants.goals.ftd).toBe('FTD');
    expect(constants.integration_types).toEqual({
      json: 'JSON HTTP template',
      form: 'Form-encoded template',
      sandbox: 'Sandbox buyer',
    });
    expect(Object.keys(constants.paid_statuses)).toEqual(['waiting', 'partly_paid', 'approved', 'declined']);
    expect(constants.payment_systems).toMatchObject({ usdt_trc20: 'USDT (TRC20)', wire: 'Bank wire' });
    expect(Object.keys(constants.manager_roles)).toEqual(['head', 'team_lead', 'manager']);
    expect(Object.keys(constants.manager_types)).toEqual(['affiliate', 'advertiser', 'support', 'finance', 'head']);
    expect(Object.keys(constants.genders)).toEqual(['male', 'female', 'other']);
    expect(constants.lead_genders).toEqual(constants.genders);
    expect(constants.macros).toContain('{click_id}');
    expect(constants.macros).toContain('{sub5}');
    expect(constants.browsers).toContain('other-browser');
    expect(Object.keys(LANGUAGES).length).toBeGreaterThanOrEqual(40);
    expect(constants.languages).toMatchObject({ en: 'English', uk: 'Ukrainian' });
    expect(constants.track_domains).toEqual(['trk.example.com']);
    expect(constants.time).toHaveProperty('last_7_days');
  });

  it('lists every runtime time zone plus UTC, labelled with the offset', () => {
    const zones = Object.keys(constants.time_zones);
    for (const zone of Intl.supportedValuesOf('timeZone')) expect(zones).toContain(zone);
    expect(new Set(zones).size).toBe(zones.length);
    expect(constants.time_zones.UTC).toBe('(UTC+00:00) UTC');
    expect(constants.time_zones['Europe/Kyiv']).toBe('(UTC+02:00) Europe/Kyiv');
    expect(constants.time_zones['Asia/Kolkata']).toBe('(UTC+05:30) Asia/Kolkata');
    expect(constants.time_zones['America/New_York']).toBe('(UTC-05:00) America/New_York');
    const minutes = Object.values(constants.time_zones).map((label) => {
      const [, sign, hh, mm] = /^\(UTC([+-])(\d{2}):(\d{2})\) /.exec(label) ?? [];
      return (sign === '-' ? -1 : 1) * (Number(hh) * 60 + Number(mm));
    });
    expect(minutes).toEqual([...minutes].sort((a, b) => a - b));
  });

  it('adds a valid partner zone missing from the runtime list', () => {
    const built = buildConstants({ timeZone: 'Etc/GMT-3', trackDomains: [], now: winter });
    expect(built.time_zones['Etc/GMT-3']).toBe('(UTC+03:00) Etc/GMT-3');
  });

  it('computes zone_hours from the partner time zone', () => {
    const at = (timeZone: string, now: Date) => buildConstants({ timeZone, trackDomains: [], now }).partner_settings;
    expect(at('Europe/Kyiv', winter).zone_hours).toBe(2);
    expect(at('Europe/Kyiv', new Date('2024-07-15T12:00:00Z')).zone_hours).toBe(3);
    expect(at('Asia/Kolkata', winter).zone_hours).toBe(5.5);
    expect(at('America/New_York', winter).zone_hours).toBe(-5);
    expect(at('UTC', winter)).toEqual({ time_zone: 'UTC', zone_hours: 0 });
  });

  it('throws on an unknown time zone', () => {
    expect(() => buildConstants({ timeZone: 'Mars/Base', trackDomains: [] })).toThrow(RangeError);
  });
});
