import { z } from 'zod';

const stringList = z.array(z.string());
const stringMap = z.record(z.string(), z.string());

/** Payload of GET /api/constant/v1/all (the `data` of the envelope): the reference constants of docs/product/screens-and-lists.md. */
export const constantsSchema = z.object({
  browsers: stringList,
  devices: stringList,
  geos: stringMap,
  oss: stringList,
  integration_types: stringMap,
  verticals: stringMap,
  goals: stringMap,
  traffic: stringMap,
  languages: stringMap,
  paid_statuses: stringMap,
  currency: stringList,
  payment_systems: stringMap,
  country_code_phone: stringMap,
  manager_roles: stringMap,
  manager_types: stringMap,
  genders: stringMap,
  time_zones: stringMap,
  lead_history_status: stringMap,
  lead_genders: stringMap,
  lead_os: stringList,
  lead_device: stringList,
  track_domains: stringList,
  page_access: stringMap,
  macros: stringList,
  time: stringMap,
  partner_settings: z.object({
    time_zone: z.string(),
    zone_hours: z.number(),
  }),
});

export type Constants = z.infer<typeof constantsSchema>;

/** Every field of Constants that is a list or a map (everything but partner_settings). */
export type ConstantsListField = Exclude<keyof Constants, 'partner_settings'>;

export const CONSTANTS_LIST_FIELDS = Object.keys(constantsSchema.shape).filter(
  (key) => key !== 'partner_settings',
) as ConstantsListField[];
