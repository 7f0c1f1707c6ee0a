import type { Constants } from './constants.schema.ts';
import {
  BROWSERS,
  CURRENCIES,
  DEVICES,
  GENDERS,
  GOALS,
  INTEGRATION_TYPES,
  LEAD_HISTORY_STATUSES,
  MACROS,
  MANAGER_ROLE_LABELS,
  MANAGER_TYPE_LABELS,
  OSS,
  PAGE_ACCESS,
  PAID_STATUSES,
  PAYMENT_SYSTEMS,
  TIME_PERIODS,
  TRAFFIC_SOURCES,
  VERTICALS,
} from './constants.data.ts';
import { GEOS } from './geos.data.ts';
import { LANGUAGES } from './languages.data.ts';
import { COUNTRY_CODE_PHONE } from './phone-codes.data.ts';
import { timeZoneOptions, zoneHours } from './time-zones.ts';

export interface BuildConstantsInput {
  /** Partner time zone from settings (IANA name). An unknown zone throws RangeError. */
  timeZone: string;
  /** Tracking domains from settings. */
  trackDomains: readonly string[];
  /** Clock for offsets (daylight saving); defaults to the current time. */
  now?: Date;
}

/** Assembles the payload of GET /api/constant/v1/all. Pure apart from the default clock. */
export function buildConstants({ timeZone, trackDomains, now = new Date() }: BuildConstantsInput): Constants {
  const hours = zoneHours(timeZone, now);
  return {
    browsers: [...BROWSERS],
    devices: [...DEVICES],
    geos: { ...GEOS },
    oss: [...OSS],
    integration_types: { ...INTEGRATION_TYPES },
    verticals: { ...VERTICALS },
    goals: { ...GOALS },
    traffic: { ...TRAFFIC_SOURCES },
    languages: { ...LANGUAGES },
    paid_statuses: { ...PAID_STATUSES },
    currency: [...CURRENCIES],
    payment_systems: { ...PAYMENT_SYSTEMS },
    country_code_phone: { ...COUNTRY_CODE_PHONE },
    manager_roles: { ...MANAGER_ROLE_LABELS },
    manager_types: { ...MANAGER_TYPE_LABELS },
    genders: { ...GENDERS },
    // The partner zone is added so a setting like Europe/Kyiv is listed even where ICU names it Europe/Kiev.
    time_zones: timeZoneOptions(now, [timeZone]),
    lead_history_status: { ...LEAD_HISTORY_STATUSES },
    lead_genders: { ...GENDERS },
    lead_os: [...OSS],
    lead_device: [...DEVICES],
    track_domains: [...trackDomains],
    page_access: { ...PAGE_ACCESS },
    macros: [...MACROS],
    time: { ...TIME_PERIODS },
    partner_settings: { time_zone: timeZone, zone_hours: hours },
  };
}
